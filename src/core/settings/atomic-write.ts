/**
 * Atomic file replacement: write a sibling temp file, flush it, rename it over the
 * target. A crash or a full disk leaves either the old file or the new one, never a
 * half-written mix — the property settings, the workspace and the encrypted token
 * file all rely on.
 */
import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * The temp file a {@link writeFileAtomic} of `file` writes first:
 * `<file>.<pid>.<8 hex>.tmp`. Unique per call; the pid says whose it is, which is how
 * {@link removeStaleTempFiles} tells a live writer's file from a leftover.
 */
export function atomicTempName(file: string, pid: number = process.pid): string {
  return `${file}.${pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** File mode of the new file (POSIX); default 0o644. */
  mode?: number;
}

/**
 * Replaces `file` with `content` atomically. The temp name is unique per call, so
 * two processes (the app and the command line) saving at once cannot collide; the
 * last rename wins.
 *
 * @throws the file system's error; the temp file is removed first.
 */
export function writeFileAtomic(
  file: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const temp = atomicTempName(file);
  try {
    // `wx`: never follow or reuse a file someone else placed under the temp name.
    const fd = openSync(temp, 'wx', options.mode ?? 0o644);
    try {
      writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * A write in progress takes milliseconds; a temp file this old is never one, whatever
 * its pid says (another PID namespace — a container or sandbox sharing the data
 * folder — can make a live writer's pid look dead here).
 */
export const TEMP_FILE_MIN_AGE_MS = 60_000;

/** Past this age a temp file is left over even when its pid is running (a reused pid). */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60_000;

/** Dependencies of {@link removeStaleTempFiles}; tests inject both. */
export interface StaleTempOptions {
  now?: () => number;
  /** Whether a process with this pid is running; default a signal-0 probe. */
  isProcessAlive?: (pid: number) => boolean;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes what interrupted {@link writeFileAtomic} calls left beside `file` (a crash
 * or a kill between open and rename): `<file>.<pid>.<8 hex>.tmp`, and the same beside
 * the `<file>.bad-…` copies. Only names of that exact shape are touched, and only
 * stale ones: at least {@link TEMP_FILE_MIN_AGE_MS} old, and either written by a
 * process that is no longer running (or by this one: its writes are synchronous, so
 * none is in flight now) or older than {@link TEMP_FILE_MAX_AGE_MS}. Never throws: a
 * file that cannot be removed stays for the next start.
 *
 * @returns the paths removed.
 */
export function removeStaleTempFiles(file: string, options: StaleTempOptions = {}): string[] {
  const now = (options.now ?? Date.now)();
  const isAlive = options.isProcessAlive ?? processIsAlive;
  const folder = path.dirname(file);
  const shape = new RegExp(
    `^${escapeRegExp(path.basename(file))}(?:\\.bad-[^/]+)?\\.(\\d+)\\.[0-9a-f]{8}\\.tmp$`,
  );
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = shape.exec(name)?.[1];
    if (pid === undefined) continue;
    const candidate = path.join(folder, name);
    try {
      const info = statSync(candidate);
      if (!info.isFile()) continue;
      const age = now - info.mtimeMs;
      if (age < TEMP_FILE_MIN_AGE_MS) continue;
      const writer = Number(pid);
      const inFlightPossible = writer !== process.pid && isAlive(writer);
      if (inFlightPossible && age < TEMP_FILE_MAX_AGE_MS) continue;
      rmSync(candidate, { force: true });
      removed.push(candidate);
    } catch {
      // Gone already (another process cleaned it) or not ours to remove: leave it.
    }
  }
  return removed;
}
