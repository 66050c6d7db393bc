/**
 * Reactive state of a news feed: the fields `NewsController` writes, backed by
 * runes (`$state.raw` items: replaced whole, never proxied).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { NewsItem, UnixMs } from '../../../../shared/model';
import { INITIAL_STATUS, pageBadge, type StatusView } from '../common/subscription';
import type { ReconnectSignal } from '../common/retry-when-back';
import { NewsController, type NewsFields } from './news-controller';

export class NewsState implements NewsFields {
  items = $state.raw<readonly NewsItem[]>([]);
  status = $state.raw<StatusView>(INITIAL_STATUS);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  loadingMore = $state(false);
  hasMore = $state(false);

  /** The badge: the subscription's trouble, else a cached (offline) page. */
  badge = $derived(pageBadge(this));

  #controller: NewsController;

  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    this.#controller = new NewsController(bridge, this, reconnects);
  }

  setFilter(market: string, lang: string): Promise<void> {
    return this.#controller.setFilter(market, lang);
  }
  retry(): Promise<void> {
    return this.#controller.retry();
  }
  loadMore(): Promise<void> {
    return this.#controller.loadMore();
  }
  dispose(): void {
    this.#controller.dispose();
  }
}
