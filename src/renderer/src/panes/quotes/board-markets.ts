/**
 * The markets of a quote board's groups that are not simply open (closed, a break,
 * pre- or post-market), once each, in the groups' order (the rows'): the board's market
 * lines. Not in the order the groups' statuses last changed: each new status of a group
 * would move its market's line to the end, and two closed markets' lines swapped places
 * while the user read them.
 */
import type { MarketStateView } from '../../../../shared/model';
import type { StatusView } from '../common/subscription';

export function boardMarkets(
  /** The rows' group keys, in the rows' order (repeats are fine). */
  groupKeys: readonly string[],
  statuses: Readonly<Record<string, StatusView>>,
): MarketStateView[] {
  const out = new Map<string, MarketStateView>();
  for (const key of groupKeys) {
    const m = statuses[key]?.market;
    if (!m || m.phase === null || m.phase === 'open') continue;
    const market = `${m.class}|${m.region}`;
    if (!out.has(market)) out.set(market, m);
  }
  return [...out.values()];
}
