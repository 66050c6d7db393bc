/**
 * The command line's words for the snapshot kinds (quote, depth, tick, info), asked
 * through the core snapshot service (API first; what the service returns is saved as
 * this run's source's snapshot; codes it cannot be reached for, network or timeout, are
 * answered from that source's snapshots). Codes the service does not know are named,
 * never answered from the cache.
 */
import type { BatchResult, Result } from '../core/api';
import {
  isOfflineError,
  isUnknownSymbol,
  type SnapshotKind,
  type SnapshotRecords,
} from '../core/cache';
import type { Instrument } from '../shared/model';
import type { CliContext } from './context';
import { CliError } from './context';
import { errorMessage } from '../shared/errors';

/** What one batch came to, per code, after any fallback to the cache. */
export interface Outcome<T> {
  /** Records in the requested code order. */
  data: Record<string, T>;
  /**
   * One line per code that has no record, in the requested order: `CODE: why`, or
   * `unknown symbol: CODE (…)` for a code the service does not know.
   */
  problems: string[];
  /** Codes answered from the cache, and the oldest of their snapshot times. */
  offline: { codes: string[]; asOf: number } | null;
}

/** The stderr line for a code the service has no such product for. */
export function unknownSymbolLine(instrument: Instrument): string {
  const where = [instrument.class, `region ${instrument.region}`];
  if (instrument.exchange) where.push(`exchange ${instrument.exchange}`);
  return `unknown symbol: ${instrument.code} (${where.join(', ')})`;
}

/**
 * When no requested code is known, the region may be what is wrong: `--region XX`
 * names no market, and every code in it is "unknown" only because of that. One
 * question to the service's symbol list of the class in that region settles it: an
 * empty list is an unknown region, said as such. Any other answer (symbols, a refusal,
 * no list at this service) leaves the codes' own lines standing.
 */
export async function unknownRegionLine(
  ctx: CliContext,
  market: Pick<Instrument, 'class' | 'region'>,
): Promise<string | null> {
  const client = await ctx.client();
  const r = await client.symbolList({ class: market.class, region: market.region });
  if (!r.ok || r.value.length > 0) return null;
  return `unknown region: ${market.region} (the service lists no ${market.class} there)`;
}

/** Throws the unknown-region line when every code is unknown and the region lists nothing. */
export async function throwIfUnknownRegion(
  ctx: CliContext,
  market: Pick<Instrument, 'class' | 'region'>,
): Promise<void> {
  const line = await unknownRegionLine(ctx, market);
  if (line !== null) throw new CliError(line);
}

/**
 * Runs `fetch` through the snapshot service, falling back to snapshots only where the
 * service could not be reached. A whole-call failure that is not "offline" (auth,
 * HTTP…), or "offline" with nothing cached, is thrown as a CliError carrying the API's
 * message; a whole call refused as an unknown symbol (a single-symbol operation) as
 * its `unknown symbol` line.
 */
export async function fetchWithSnapshots<K extends SnapshotKind>(
  ctx: CliContext,
  kind: K,
  codes: readonly string[],
  instrumentOf: (code: string) => Instrument,
  fetch: () => Promise<Result<BatchResult<SnapshotRecords[K]>>>,
): Promise<Outcome<SnapshotRecords[K]>> {
  const instruments = codes.map(instrumentOf);
  const cached = ctx.cache() !== null;
  const { error, answers } = await ctx
    .snapshots()
    .fetch(kind, instruments, fetch, { fallback: isOfflineError });
  if (error !== null && isUnknownSymbol(error)) {
    await throwIfUnknownRegion(ctx, instruments[0]!);
    throw new CliError(instruments.map(unknownSymbolLine).join('; '));
  }
  // Unreachable and nothing to show, or refused: the service's error is the answer.
  if (error !== null && !answers.some((a) => a.from === 'cache')) {
    throw new CliError(errorMessage(error));
  }
  const data: Record<string, SnapshotRecords[K]> = {};
  const problems: string[] = [];
  let offline: Outcome<SnapshotRecords[K]>['offline'] = null;
  answers.forEach((answer, i) => {
    const instrument = instruments[i]!;
    if (answer.from !== null) data[instrument.code] = answer.record;
    if (answer.from === 'cache') {
      offline = {
        codes: [...(offline?.codes ?? []), instrument.code],
        asOf: Math.min(offline?.asOf ?? Infinity, answer.at),
      };
    } else if (answer.from === null && answer.unknown) {
      problems.push(unknownSymbolLine(instrument));
    } else if (answer.from === null) {
      const none = cached && isOfflineError(answer.error) ? ' (nothing cached)' : '';
      problems.push(`${instrument.code}: ${errorMessage(answer.error)}${none}`);
    }
  });
  if (answers.length > 0 && answers.every((a) => a.from === null && a.unknown)) {
    await throwIfUnknownRegion(ctx, instruments[0]!);
  }
  return { data, problems, offline };
}
