/**
 * API first, cache second, for the snapshot kinds (quote, depth, tick, info): what
 * the service returns is saved as the instrument's last snapshot; codes the service
 * cannot be reached for (network, timeout) are answered from those snapshots.
 */
import type { BatchResult, Result } from '../core/api';
import {
  isOfflineError,
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
  /** One line per code that has no record: `CODE: why`. */
  problems: string[];
  /** Codes answered from the cache, and the oldest of their snapshot times. */
  offline: { codes: string[]; asOf: number } | null;
}

/** A single-record Result in batch form, so single and batch commands share one path. */
export function asBatch<T>(code: string, r: Result<T>): Result<BatchResult<T>> {
  return r.ok ? { ok: true, value: { data: { [code]: r.value }, missing: [], failed: {} } } : r;
}

/**
 * Runs `fetch`, stores its records, falls back to snapshots where the service could not
 * be reached. A whole-call failure that is not "offline" (auth, HTTP…), or "offline"
 * with nothing cached, is thrown as a CliError carrying the API's message.
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
  if (!r.ok && !(db && isOfflineError(r.error))) throw new CliError(userMessage(r.error));
  const got = r.ok ? r.value.data : {};
  const problems = new Map<string, string>();
  const unreachable = new Map<string, string>();
  if (r.ok) {
    for (const code of r.value.missing) problems.set(code, 'not returned by the service');
    for (const [code, error] of Object.entries(r.value.failed)) {
      (db && isOfflineError(error) ? unreachable : problems).set(code, userMessage(error));
    }
    if (db) {
      const at = ctx.now();
      const entries = Object.entries(got).map(([code, record]) => ({
        instrument: instrumentOf(code),
        record,
        at,
      }));
      saveSnapshots(db, kind, entries);
    }
  } else {
    for (const code of codes) unreachable.set(code, userMessage(r.error));
  }

  const fromCache: Record<string, SnapshotRecords[K]> = {};
  const offlineCodes: string[] = [];
  let offlineAsOf = Infinity;
  if (db && unreachable.size > 0) {
    const wanted = [...unreachable.keys()].map(instrumentOf);
    const found = loadSnapshots(db, kind, wanted);
    for (const [code, message] of unreachable) {
      const snap = found.get(instrumentKey(instrumentOf(code)));
      if (!snap) {
        problems.set(code, `${message} (nothing cached)`);
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
  const lines = codes.flatMap((c) => (problems.has(c) ? [`${c}: ${problems.get(c)}`] : []));
  const offline = offlineCodes.length > 0 ? { codes: offlineCodes, asOf: offlineAsOf } : null;
  return { data, problems: lines, offline };
}
