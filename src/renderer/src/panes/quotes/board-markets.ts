/**
 * The markets of a quote board's groups that are not simply open (closed, a break,
 * pre- or post-market), once each, in the groups' order: the board's market lines.
 */
import type { MarketStateView } from '../../../../shared/model';
import type { StatusView } from '../common/subscription';

export function boardMarkets(statuses: readonly StatusView[]): MarketStateView[] {
  const out = new Map<string, MarketStateView>();
  for (const s of statuses) {
    const m = s.market;
    if (!m || m.phase === null || m.phase === 'open') continue;
    out.set(`${m.class}|${m.region}`, m);
  }
  return [...out.values()];
}
