/**
 * The events service's view of the network and the directory: the link's current
 * client as an `EventsReader` (its deferred view for what only decorates a chart), and
 * an instrument's names from the symbol directory.
 */
import type { EventListKind, EventRows } from '../../shared/bridge';
import type { Instrument } from '../../shared/model';
import type { MarketClient, Result } from '../api';
import type { MarketLink } from '../link';
import type { SymbolDirectory } from '../symbols';
import type { EventsReader } from './events-service';

/** The link's current client and source as a reader. */
export function eventsReader(link: MarketLink): EventsReader {
  return {
    sourceId: link.sources.sourceId,
    async fetchList(kind, region, options) {
      const client = options?.deferred ? link.client.deferred() : link.client;
      return unwrap(await fetchOf(client, kind, region)) as EventRows[typeof kind][];
    },
  };
}

/** Asks `client` (the link's, or its deferred view) for one list (one request). */
async function fetchOf(
  client: MarketClient,
  kind: EventListKind,
  region: string,
): Promise<Result<readonly unknown[]>> {
  switch (kind) {
    case 'splits':
      return client.splits(region);
    case 'ipos-upcoming':
      return client.ipos('upcoming', region);
    case 'ipos-recent':
      return client.ipos('recent', region);
    case 'holidays': {
      // A region the service has no list for answers null: no holidays to show.
      const calendar = await client.holidays(region);
      return calendar.ok ? { ok: true, value: calendar.value?.holidays ?? [] } : calendar;
    }
  }
}

/** A result's value, or its error thrown (the events service reads its kind). */
function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw result.error;
}

/** An instrument's names as the directory knows them (its own code's entry). */
export async function namesOf(
  directory: SymbolDirectory,
  instrument: Instrument,
): Promise<string[]> {
  const answer = await directory.search({
    text: instrument.code,
    class: instrument.class,
    region: instrument.region,
    limit: 5,
  });
  const code = instrument.code.toUpperCase();
  return answer.results
    .filter((r) => r.code.toUpperCase() === code && r.region === instrument.region && r.name)
    .map((r) => r.name);
}
