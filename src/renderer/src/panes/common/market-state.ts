/**
 * A market's state as a pane shows it: an icon, its words, and whether its prices are a
 * closed session's last (not stale) or an extended session's. Nothing while the market is
 * simply open by the service's calendar. The words are shared/model/market-state's.
 */
import { describeMarketState, type MarketStateView, type UnixMs } from '../../../../shared/model';
import type { StateIconName, StateTone } from './state-icons';

export interface MarketStateLabel {
  icon: StateIconName;
  tone: StateTone;
  /** "closed · opens Mon 09:30 ET (in 2 d 14 h)" */
  text: string;
  /** The market's name and the text: "US stock market: closed · …" (a tooltip). */
  title: string;
  /** The text and, where the service's calendar is not known, why (for assistive technology). */
  spoken: string;
}

/** The label of a market's state at `now`; null when there is nothing to say (open, or none known). */
export function marketStateLabel(
  market: MarketStateView | undefined | null,
  now: UnixMs,
): MarketStateLabel | null {
  if (!market || market.phase === null) return null;
  const words = describeMarketState(market, now);
  if (market.phase === 'open') return null;
  const icon: StateIconName =
    market.phase === 'lunch-break' ? 'break' : words.extended ? 'extended' : 'closed';
  const why = market.unknownWhy ? ` — ${market.unknownWhy}` : '';
  const title = `${market.region} ${market.class} market: ${words.text}${why}`;
  return { icon, tone: 'muted', text: words.text, title, spoken: `${words.text}${why}` };
}
