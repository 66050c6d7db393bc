/**
 * Atomic file replacement: write a sibling temp file, flush it, rename it over the
 * target. A crash or a full disk leaves either the old file or the new one, never a
 * half-written mix — the property settings, the workspace and the encrypted token
 * file all rely on.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

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
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
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
