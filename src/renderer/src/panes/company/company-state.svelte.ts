/**
 * State of a company card: the stock reference data of the followed symbol,
 * fetched once per symbol through `getInfo` (cache-first on the main side); a failed
 * load is retried when the bridge or the API comes back, or on `retry()`.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { StockInfo, UnixMs } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { RetryWhenBack, type ReconnectSignal } from '../common/retry-when-back';
import { messageOf } from '../common/subscription';

export class CompanyState {
  info = $state.raw<StockInfo | null>(null);
  loading = $state(false);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  #bridge: MarketdeskBridge;
  #generation = 0;
  #symbol: SymbolRef | null = null;
  #retry: RetryWhenBack;

  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    this.#bridge = bridge;
    this.#retry = new RetryWhenBack(bridge, reconnects, () => void this.retry());
  }

  /** Loads the info of a stock; clears it for anything else. */
  async setSymbol(symbol: SymbolRef | null): Promise<void> {
    const generation = ++this.#generation;
    this.#symbol = symbol;
    this.#retry.clear();
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
      if (!answer.info && answer.error) this.#retry.failed();
    } catch (error) {
      if (generation === this.#generation) {
        this.error = messageOf(error);
        this.#retry.failed();
      }
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** Loads the info again after a failure (the "Retry" button, or reconnection). */
  async retry(): Promise<void> {
    if (this.loading) return;
    await this.setSymbol(this.#symbol);
  }

  dispose(): void {
    this.#generation++;
    this.#retry.dispose();
  }
}
