/**
 * The events service's view of the network and the directory: the link's current
 * client as an `EventsReader`, and an instrument's names from the symbol directory.
 */
import type { Instrument } from '../../shared/model';
import type { MarketLink } from '../link';
import type { SymbolDirectory } from '../symbols';
import type { EventsReader } from './events-service';

/** The link's current client and source as a reader. */
export function eventsReader(link: MarketLink): EventsReader {
  return {
    sourceId: link.sources.sourceId,
    async fetchList(kind, region) {
      // Wired to the client's readers (holidays, splits, ipos) when they land (issue 27).
      void link;
      throw new Error(`${kind} of ${region}: the service's reader is not wired yet`);
    },
  };
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
