/**
 * What a quote board row's state cell shows: one icon, with the whole story as its
 * accessible name and tooltip. The cell has a fixed width, so a row going stale,
 * offline or unknown never widens a column or pushes the prices out of view.
 * Precedence: an unknown symbol (its numbers are not shown at all), then the feed's
 * trouble (are the numbers current?), then the market's state (closed, a break, pre- or
 * post-market: a closed market's last price is closed, not stale), then the
 * instrument's trading state. In a replay, a row without a quote yet while the feed is
 * live is a symbol the recording has and whose first quote is later in the span: "no
 * data yet in this replay", never an unknown symbol.
 */
import type { SymbolRef } from '../../workspace/pane-contract';
import { symbolLabel } from '../../workspace/symbol-gate';
import type { StateIconName, StateTone } from '../common/state-icons';
import { statusLabel } from '../common/status-label';
import { marketStateLabel } from '../common/market-state';
import { isResting, type StatusView } from '../common/subscription';
import { tradingState } from './board';

export interface RowState {
  icon: StateIconName;
  tone: StateTone;
  /** Accessible name and tooltip: starts with the state's word ("offline: …"). */
  label: string;
}

/** The state of a row, or null when there is nothing to say (live, normal trading). */
export function rowState(
  symbol: SymbolRef,
  tradingStatus: number | undefined,
  unknown: boolean,
  feed: StatusView,
  now: number = Date.now(),
  replaying = false,
): RowState | null {
  if (unknown) {
    return {
      icon: 'unknown',
      tone: 'down',
      label: replaying
        ? `not in this replay: the recording played has no ${symbolLabel(symbol)}`
        : `unknown symbol: the data source has no ${symbolLabel(symbol)}`,
    };
  }
  if (replaying && tradingStatus === undefined && feed.state === 'live') {
    return {
      icon: 'loading',
      tone: 'muted',
      label: `no data yet in this replay: ${symbolLabel(symbol)} is recorded, its first quote comes later`,
    };
  }
  const trading = tradingState(symbol.class, tradingStatus);
  const resting = isResting(feed);
  const trouble =
    feed.state === 'loading'
      ? null
      : statusLabel(feed.state, feed.asOf, feed.message, {
          pace: resting ? undefined : feed.pace,
        });
  if (trouble) {
    const also = trading ? `; ${trading.title.toLowerCase()}` : '';
    return {
      icon: trouble.icon,
      tone: trouble.tone,
      label: `${trouble.text}: ${trouble.title}${also}`,
    };
  }
  const market = marketStateLabel(feed.market, now);
  if (market) {
    const also = trading ? `; ${trading.title.toLowerCase()}` : '';
    return { icon: market.icon, tone: market.tone, label: `${market.text}${also}` };
  }
  if (trading)
    return { icon: trading.icon, tone: 'down', label: `${trading.text}: ${trading.title}` };
  return null;
}
