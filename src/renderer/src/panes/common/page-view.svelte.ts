/**
 * What a pane that loads pages and follows them live (chart, news) shows besides its
 * data: its subscription's status, its page load's state, and the one badge of both.
 * The panes' state classes extend it; `PageLoad` and `PaneSubscription` write to it.
 */
import type { UnixMs } from '../../../../shared/model';
import { INITIAL_STATUS, pageBadge, type PageLoadView, type StatusView } from './subscription';

export class PageView implements PageLoadView {
  status = $state.raw<StatusView>(INITIAL_STATUS);
  /** The last page came from the cache because the API was unreachable. */
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);

  /** The badge to show: the subscription's trouble, else the load's error, else an offline page. */
  badge = $derived(pageBadge(this));
}
