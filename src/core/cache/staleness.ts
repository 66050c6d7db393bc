/**
 * How long cached history counts as fresh, in one place. A chart of 1-minute candles
 * wants the forming candle within half a minute; a daily chart barely moves in an hour.
 */
import type { KType, UnixMs } from '../../shared/model';

/** Age after which a series is refreshed from the source, by kType. */
export const CANDLE_STALE_AFTER_MS: Readonly<Record<KType, number>> = {
  1: 30_000, // 1m
  2: 60_000, // 5m
  3: 2 * 60_000, // 15m
  4: 5 * 60_000, // 30m
  5: 10 * 60_000, // 1h
  6: 15 * 60_000, // 2h
  7: 20 * 60_000, // 4h
  8: 60 * 60_000, // 1d
  9: 6 * 60 * 60_000, // 1w
  10: 12 * 60 * 60_000, // 1M
};

/** Age after which the newest news page is refreshed. Older pages never change. */
export const NEWS_STALE_AFTER_MS = 60_000;

/** True when data refreshed at `refreshedAt` (null = never) is older than `maxAge` at `now`. */
export function isStale(refreshedAt: UnixMs | null, maxAge: number, now: UnixMs): boolean {
  return refreshedAt === null || now - refreshedAt >= maxAge;
}
