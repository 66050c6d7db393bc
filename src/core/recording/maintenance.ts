/**
 * What a recording holds (sessions, sizes) and keeping it within its size budget: the
 * oldest sessions go first, whole; when the session being recorded is alone over the
 * budget, its oldest frames go (the reader skips deltas left without their key frame).
 */
import type { UnixMs } from '../../shared/model';
import type { RecordingDb } from './open-recording';

/** The default size budget of the recordings: 1 GiB. */
export const DEFAULT_RECORDING_BUDGET_BYTES = 1024 ** 3;

export interface SessionInfo {
  id: number;
  startedAt: UnixMs;
  endedAt: UnixMs;
  frames: number;
  /** Payload bytes (the file adds its row and page overhead). */
  bytes: number;
  /** False while recording, or after a crash (the session then ends at its last write). */
  closed: boolean;
}

export function listSessions(db: RecordingDb): SessionInfo[] {
  const rows = db.sqlite
    .prepare('SELECT id, started_at, ended_at, frames, bytes, closed FROM sessions ORDER BY id')
    .all() as {
    id: number;
    started_at: number;
    ended_at: number;
    frames: number;
    bytes: number;
    closed: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    frames: r.frames,
    bytes: r.bytes,
    closed: r.closed === 1,
  }));
}

/** Bytes the file's used pages take (its size less the free pages). */
export function usedBytes(db: RecordingDb): number {
  const s = db.sqlite;
  const pages = s.pragma('page_count', { simple: true }) as number;
  const free = s.pragma('freelist_count', { simple: true }) as number;
  return (pages - free) * (s.pragma('page_size', { simple: true }) as number);
}

export interface PruneResult {
  sessionsRemoved: number;
  framesRemoved: number;
  bytesBefore: number;
  bytesAfter: number;
}

function removeFrames(db: RecordingDb, from: number, to: number): number {
  const s = db.sqlite;
  s.prepare('DELETE FROM keyframes WHERE frame BETWEEN ? AND ?').run(from, to);
  return s.prepare('DELETE FROM frames WHERE id BETWEEN ? AND ?').run(from, to).changes;
}

/**
 * Deletes the oldest sessions until the file's used bytes fit `budget`; `keep` (the
 * session being recorded) is never removed whole, only its oldest frames when it alone
 * is over. Freed pages go back to the file system (incremental vacuum).
 */
export function prune(db: RecordingDb, budget: number, keep: number | null = null): PruneResult {
  const bytesBefore = usedBytes(db);
  let sessionsRemoved = 0;
  let framesRemoved = 0;
  const s = db.sqlite;
  s.transaction(() => {
    let used = bytesBefore;
    for (const session of listSessions(db)) {
      if (used <= budget) break;
      if (session.id === keep) continue;
      const range = s
        .prepare('SELECT first_frame, last_frame FROM sessions WHERE id = ?')
        .get(session.id) as { first_frame: number | null; last_frame: number | null };
      if (range.first_frame !== null && range.last_frame !== null) {
        framesRemoved += removeFrames(db, range.first_frame, range.last_frame);
      }
      s.prepare('DELETE FROM sessions WHERE id = ?').run(session.id);
      sessionsRemoved++;
      used = usedBytes(db);
    }
    if (used > budget && keep !== null) {
      // The session being recorded, alone over the budget: its oldest frames, by the
      // share of the file that must go (and a tenth more, so this is not every flush).
      const row = s
        .prepare('SELECT first_frame, last_frame FROM sessions WHERE id = ?')
        .get(keep) as { first_frame: number | null; last_frame: number | null } | undefined;
      if (row && row.first_frame !== null && row.last_frame !== null) {
        const span = row.last_frame - row.first_frame + 1;
        const share = Math.min(1, ((used - budget) / used) * 1.1);
        const cut = row.first_frame + Math.ceil(span * share) - 1;
        framesRemoved += removeFrames(db, row.first_frame, cut);
        const first = s
          .prepare('SELECT id, t FROM frames WHERE id > ? ORDER BY id LIMIT 1')
          .get(cut) as { id: number; t: number } | undefined;
        s.prepare(
          `UPDATE sessions SET first_frame = ?, started_at = coalesce(?, started_at),
             frames = (SELECT count(*) FROM frames WHERE id BETWEEN ? AND last_frame),
             bytes = (SELECT coalesce(sum(length(payload)), 0) FROM frames WHERE id BETWEEN ? AND last_frame)
           WHERE id = ?`,
        ).run(
          first?.id ?? null,
          first?.t ?? null,
          first?.id ?? cut + 1,
          first?.id ?? cut + 1,
          keep,
        );
      }
    }
  }).immediate();
  if (sessionsRemoved + framesRemoved > 0) s.pragma('incremental_vacuum');
  return { sessionsRemoved, framesRemoved, bytesBefore, bytesAfter: usedBytes(db) };
}
