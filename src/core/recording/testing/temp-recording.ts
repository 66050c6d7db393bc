/**
 * Test support: a recording database for one test, closed when the test ends (before
 * its throw-away folder goes).
 */
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { DataSourceId } from '../../../shared/model';
import { tempFolder } from '../../testing/temp-folder';
import { closeRecording, openRecording, type OpenRecordingResult } from '../open-recording';

/** Opens `file` (a new one in a throw-away folder unless given) as `source`'s recording. */
export function openTestRecording(
  file = path.join(tempFolder('md-rec-'), 'demo.db'),
  source: DataSourceId = 'demo',
): OpenRecordingResult {
  const opened = openRecording(file, source);
  onTestFinished(() => closeRecording(opened.db));
  return opened;
}
