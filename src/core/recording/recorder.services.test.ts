/**
 * The recorder in the app's services against the demo service: what a pane is shown
 * live is what the recording holds, in the demo's own file, and the services close it.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { DepthBook } from '../../shared/model';
import { ALERTS_CLIENT_ID } from '../alerts';
import { depthSpec, quotesSpec } from '../feed/testing/hub';
import { tempFolder } from '../testing/temp-folder';
import { createTestServices } from '../testing/services';
import { closeRecording, openRecording, recordingFilePath } from './open-recording';
import { listSessions } from './maintenance';
import { read } from './reader';

describe('recorder in the services', () => {
  it('records the books a pane is shown, in the demo recording, and ends the session on dispose', async () => {
    const folder = tempFolder();
    const services = await createTestServices({ dataFolder: folder });
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

  it("records only what the workspace shows (not an alert's quotes), and a symbol switched off no more", async () => {
    const folder = tempFolder();
    const services = await createTestServices({ dataFolder: folder });
    let books = 0;
    let alertQuotes = 0;
    services.hub.subscribe('window', depthSpec('crypto', 'BA', ['BTCUSDT']), (e) => {
      if (e.event === 'depth') books++;
    });
    services.hub.subscribe(ALERTS_CLIENT_ID, quotesSpec('crypto', 'BA', ['ETHUSDT']), (e) => {
      if (e.event === 'quotes') alertQuotes++;
    });
    await vi.waitFor(() => expect(books > 2 && alertQuotes > 2).toBe(true), { timeout: 15_000 });
    const recording = services.backend.recording!;
    const btc = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
    expect(recording.status()).toMatchObject({
      source: 'demo',
      state: 'recording',
      symbols: [{ instrument: btc, channels: ['depth'], recorded: true }],
    });
    recording.setRecorded(btc, false);
    services.recorder.flush();
    const { db } = openRecording(recordingFilePath(folder, 'demo'), 'demo');
    const count = () => [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })].length;
    try {
      const before = count();
      expect(before).toBeGreaterThan(0);
      const shownBefore = books;
      await vi.waitFor(() => expect(books).toBeGreaterThan(shownBefore + 1), { timeout: 15_000 });
      services.recorder.flush();
      // Nothing since the switch: the alert's quotes never, BTCUSDT no more.
      expect(count()).toBe(before);
      const frames = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })];
      expect(frames.every((f) => f.instrument.code === 'BTCUSDT')).toBe(true);
      expect(recording.status()).toMatchObject({
        state: 'idle',
        symbols: [{ instrument: btc, recorded: false }],
      });
    } finally {
      closeRecording(db);
      await services.dispose();
    }
  });

  it('applies the Recording size setting at once', async () => {
    const folder = tempFolder();
    const services = await createTestServices({ dataFolder: folder });
    expect(services.recorder.budgetBytes).toBe(1024 ** 3);
    await services.backend.setSettings({ recordingBudgetBytes: 64 * 1024 * 1024 });
    expect(services.recorder.budgetBytes).toBe(64 * 1024 * 1024);
    expect(services.backend.recording!.status().budgetBytes).toBe(64 * 1024 * 1024);
    await services.dispose();
  });

  it('records nothing when asked not to', async () => {
    const folder = tempFolder();
    const services = await createTestServices({
      dataFolder: folder,
      record: false,
    });
    let shown = 0;
    services.hub.subscribe('window', depthSpec('crypto', 'BA', ['BTCUSDT']), (e) => {
      if (e.event === 'depth') shown++;
    });
    await vi.waitFor(() => expect(shown).toBeGreaterThan(1), { timeout: 15_000 });
    expect(services.backend.recording!.status()).toMatchObject({ state: 'off', usedBytes: null });
    await services.dispose();
    expect(existsSync(recordingFilePath(folder, 'demo'))).toBe(false);
  });
});
