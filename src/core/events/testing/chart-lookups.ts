/**
 * What a chart asks, as the app asks it, over one client (tests and benchmarks): its
 * candles through the history's source (`MarketSources`), its split and IPO look-ups
 * through the events service over that client's link. The same limiter and minute as
 * the app's: the order they leave in is the app's.
 */
import type { DataSourceId } from '../../../shared/model';
import type { MarketClient } from '../../api';
import type { CacheDb } from '../../cache/db';
import type { MarketLink } from '../../link';
import { MarketSources } from '../../market-sources';
import { EventsService } from '../events-service';
import { eventsReader } from '../link-reader';

export function chartLookups(
  rest: MarketClient,
  db: CacheDb,
  sourceId: DataSourceId,
  now: () => number,
): { events: EventsService; history: MarketSources } {
  const link = { client: rest, sources: { sourceId } } as unknown as MarketLink;
  const events = new EventsService({
    db,
    reader: () => eventsReader(link),
    namesOf: async () => [],
    refreshNews: async () => undefined,
    now,
  });
  return { events, history: new MarketSources(rest, sourceId) };
}
