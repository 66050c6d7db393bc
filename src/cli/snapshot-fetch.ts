/**
 * API first, cache second, for the snapshot kinds (quote, depth, tick, info): what
 * the service returns is saved as the instrument's last snapshot of this run's source;
 * codes the service cannot be reached for (network, timeout) are answered from that
 * source's snapshots. Codes the service does not know are named, never answered from
 * the cache.
 */
import type { BatchResult, Result } from '../core/api';
import {
  isOfflineError,
  isUnknownSymbol,
  loadSnapshots,
  saveSnapshots,
  type SnapshotKind,
  type SnapshotRecords,
} from '../core/cache';
import type { Instrument } from '../shared/model';
import { instrumentKey } from '../shared/model';
import type { CliContext } from './context';
import { CliError, userMessage } from './context';

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

/** A single-record Result in batch form, so single and batch commands share one path. */
export function asBatch<T>(code: string, r: Result<T>): Result<BatchResult<T>> {
  return r.ok ? { ok: true, value: { data: { [code]: r.value }, missing: [], failed: {} } } : r;
}

/**
 * Runs `fetch`, stores its records, falls back to snapshots where the service could not
 * be reached. A whole-call failure that is not "offline" (auth, HTTP…), or "offline"
 * with nothing cached, is thrown as a CliError carrying the API's message; a whole call
 * refused as an unknown symbol (a single-symbol operation) as its `unknown symbol` line.
 */
export async function fetchWithSnapshots<K extends SnapshotKind>(
  ctx: CliContext,
  kind: K,
  codes: readonly string[],
  instrumentOf: (code: string) => Instrument,
  fetch: () => Promise<Result<BatchResult<SnapshotRecords[K]>>>,
): Promise<Outcome<SnapshotRecords[K]>> {
  const r = await fetch();
  const db = ctx.cache();
  const source = ctx.source();
  if (!r.ok && isUnknownSymbol(r.error)) {
    throw new CliError(codes.map((c) => unknownSymbolLine(instrumentOf(c))).join('; '));
  }
  if (!r.ok && !(db && isOfflineError(r.error))) throw new CliError(userMessage(r.error));
  const got = r.ok ? r.value.data : {};
  const problems = new Map<string, string>();
  const unreachable = new Map<string, string>();
  if (r.ok) {
    // A null entry is the service's "no such product" in a batch (the client lists it as missing).
    for (const code of r.value.missing) problems.set(code, unknownSymbolLine(instrumentOf(code)));
    for (const [code, error] of Object.entries(r.value.failed)) {
      if (isUnknownSymbol(error)) problems.set(code, unknownSymbolLine(instrumentOf(code)));
      else if (db && isOfflineError(error)) unreachable.set(code, userMessage(error));
      else problems.set(code, `${code}: ${userMessage(error)}`);
    }
    if (db) {
      const at = ctx.now();
      const entries = Object.entries(got).map(([code, record]) => ({
        instrument: instrumentOf(code),
        record,
        at,
      }));
      saveSnapshots(db, source, kind, entries);
    }
  } else {
    for (const code of codes) unreachable.set(code, userMessage(r.error));
  }

  const fromCache: Record<string, SnapshotRecords[K]> = {};
  const offlineCodes: string[] = [];
  let offlineAsOf = Infinity;
  if (db && unreachable.size > 0) {
    const wanted = [...unreachable.keys()].map(instrumentOf);
    const found = loadSnapshots(db, source, kind, wanted);
    for (const [code, message] of unreachable) {
      const snap = found.get(instrumentKey(instrumentOf(code)));
      if (!snap) {
        problems.set(code, `${code}: ${message} (nothing cached)`);
        continue;
      }
      fromCache[code] = snap.record;
      offlineCodes.push(code);
      offlineAsOf = Math.min(offlineAsOf, snap.at);
    }
    // Unreachable and nothing to show: the network error is the answer.
    if (!r.ok && offlineCodes.length === 0) throw new CliError(userMessage(r.error));
  }

  const data: Record<string, SnapshotRecords[K]> = {};
  for (const code of codes) {
    const record = got[code] ?? fromCache[code];
    if (record !== undefined) data[code] = record;
  }
  const lines = codes.flatMap((c) => (problems.has(c) ? [problems.get(c)!] : []));
  const offline = offlineCodes.length > 0 ? { codes: offlineCodes, asOf: offlineAsOf } : null;
  return { data, problems: lines, offline };
}
