/**
 * State of a company card: the stock reference data of the followed symbol, fetched
 * once per symbol through `getInfo` (cache-first on the main side). The load is a
 * `PageLoad`: a failed or cached one is loaded again when the bridge or the service
 * comes back, or on `retry()`. An unknown symbol shows no data at all (./info-view).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { Instrument, StockInfo, UnixMs } from '../../../../shared/model';
import { PageLoad } from '../common/page-load';
import type { ReconnectSignal } from '../common/retry-when-back';
import { readInfoAnswer, type InfoView } from './info-view';

export class CompanyState implements InfoView {
  info = $state.raw<StockInfo | null>(null);
  unknown = $state(false);
  loading = $state(false);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  #page: PageLoad<Instrument>;

  /** `reconnects`: the pane context's `onReconnect` (a failed load retries on it). */
  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    this.#page = new PageLoad(bridge, reconnects, this, {
      reset: () => {
        this.info = null;
        this.unknown = false;
        this.offline = false;
        this.asOf = null;
      },
      load: async ({ region, exchange, code }, current) => {
        const answer = await bridge.invoke('getInfo', { region, exchange, code });
        if (!current()) return false;
        const { view, retry } = readInfoAnswer(answer);
        this.info = view.info;
        this.unknown = view.unknown;
        this.offline = view.offline;
        this.asOf = view.asOf;
        this.error = view.error;
        return retry;
      },
    });
  }

  /** Loads the info of a stock; clears it for anything else. */
  setSymbol(symbol: Instrument | null): Promise<void> {
    return this.#page.show(symbol?.class === 'stock' ? symbol : null);
  }

  /** Loads the info again after a failure (the "Retry" button, or reconnection). */
  retry(): Promise<void> {
    return this.#page.retry();
  }

  dispose(): void {
    this.#page.dispose();
  }
}
