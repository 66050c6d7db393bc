/**
 * State of a company card: the stock reference data of the followed symbol,
 * fetched once per symbol through `getInfo` (cache-first on the main side).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { StockInfo, UnixMs } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { messageOf } from '../common/subscription';

export class CompanyState {
  info = $state.raw<StockInfo | null>(null);
  loading = $state(false);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  #bridge: MarketdeskBridge;
  #generation = 0;

  constructor(bridge: MarketdeskBridge) {
    this.#bridge = bridge;
  }

  /** Loads the info of a stock; clears it for anything else. */
  async setSymbol(symbol: SymbolRef | null): Promise<void> {
    const generation = ++this.#generation;
    this.info = null;
    this.error = null;
    this.offline = false;
    this.asOf = null;
    if (!symbol || symbol.class !== 'stock') {
      this.loading = false;
      return;
    }
    this.loading = true;
    try {
      const answer = await this.#bridge.invoke('getInfo', {
        region: symbol.region,
        exchange: symbol.exchange,
        code: symbol.code,
      });
      if (generation !== this.#generation) return;
      this.info = answer.info;
      this.offline = answer.offline;
      this.asOf = answer.asOf;
      this.error = answer.error ?? null;
    } catch (error) {
      if (generation === this.#generation) this.error = messageOf(error);
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  dispose(): void {
    this.#generation++;
  }
}
