/**
 * Test support: throw-away folders. A test (or a `beforeEach`) asks for one and gets
 * a fresh, empty folder that is removed, with everything in it, when the test ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/** A new folder under the OS temp directory, named `<prefix>XXXXXX`, gone after this test. */
export function tempFolder(prefix = 'md-test-'): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
