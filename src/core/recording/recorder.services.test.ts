/**
 * The recorder in the app's services against the demo service: what a pane is shown
 * live is what the recording holds, in the demo's own file, and the services close it.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { DepthBook } from '../../shared/model';
import { depthSpec } from '../feed/testing/hub';
import { tempFolder } from '../testing/temp-folder';
import { createTestServices } from '../testing/services';
import { closeRecording, openRecording, recordingFilePath } from './open-recording';
import { listSessions } from './maintenance';
import { read } from './reader';

describe('recorder in the services', () => {
  it('records the books a pane is shown, in the demo recording, and ends the session on dispose', async () => {
    const folder = tempFolder();
    const services = await createTestServices({ dataFolder: folder, loadKeytar: null });
    const shown: DepthBook[] = [];
    services.hub.subscribe('window', depthSpec('crypto', 'BA', ['BTCUSDT']), (e) => {
      if (e.event === 'depth') shown.push(structuredClone(e.payload.books.BTCUSDT!));
    });
    await vi.waitFor(() => expect(shown.length).toBeGreaterThan(3), { timeout: 15_000 });
    await services.dispose();
    const { db, recovery } = openRecording(recordingFilePath(folder, 'demo'), 'demo');
    try {
      expect(recovery).toBeNull();
      const recorded = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })]
        .filter((f) => f.channel === 'depth' && f.instrument.code === 'BTCUSDT')
        .map((f) => f.record);
      // Every book shown was recorded, in the order shown (the pane may skip some of a turn's pushes).
      let at = 0;
      for (const book of shown) {
        const found = recorded.findIndex(
          (r, i) => i >= at && JSON.stringify(r) === JSON.stringify(book),
        );
        expect(found).toBeGreaterThanOrEqual(0);
        at = found;
      }
      expect(listSessions(db)).toMatchObject([{ closed: true }]);
    } finally {
      closeRecording(db);
    }
  });

  it('records nothing when asked not to', async () => {
    const folder = tempFolder();
    const services = await createTestServices({
      dataFolder: folder,
      loadKeytar: null,
      record: false,
    });
    let shown = 0;
    services.hub.subscribe('window', depthSpec('crypto', 'BA', ['BTCUSDT']), (e) => {
      if (e.event === 'depth') shown++;
    });
    await vi.waitFor(() => expect(shown).toBeGreaterThan(1), { timeout: 15_000 });
    await services.dispose();
    expect(existsSync(recordingFilePath(folder, 'demo'))).toBe(false);
  });
});
