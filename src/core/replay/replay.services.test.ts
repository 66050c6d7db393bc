/**
 * A replay in the app's services against the demo service: what the demo showed live is
 * recorded; a replay of it shows the same books again, in order, under its own source;
 * nothing is recorded or cached for the demo meanwhile; stopping it is back to the demo.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DepthBook, Instrument } from '../../shared/model';
import { depthSpec, quotesSpec } from '../feed/testing/hub';
import { tempFolder } from '../testing/temp-folder';
import { createTestServices } from '../testing/services';
import { closeRecording, openRecording, read, recordingFilePath } from '../recording';

const BTC: Instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };

function frameCount(folder: string): number {
  const { db } = openRecording(recordingFilePath(folder, 'demo'), 'demo');
  try {
    return db.sqlite.prepare('SELECT count(*) FROM frames').pluck().get() as number;
  } finally {
    closeRecording(db);
  }
}

describe('replay in the services', () => {
  it('shows the recorded books again under its own source, and records and caches nothing meanwhile', async () => {
    const folder = tempFolder();
    const services = await createTestServices({ dataFolder: folder, loadKeytar: null });
    try {
      const live: DepthBook[] = [];
      const shown: DepthBook[] = [];
      let replaying = false;
      services.hub.subscribe('window', depthSpec('crypto', 'BA', ['BTCUSDT']), (e) => {
        if (e.event !== 'depth') return;
        (replaying ? shown : live).push(structuredClone(e.payload.books.BTCUSDT!));
      });
      // The quote times shown in the replay, in order.
      const quoteTimes: number[] = [];
      services.hub.subscribe('window', quotesSpec('crypto', 'BA', ['BTCUSDT']), (e) => {
        const time = e.event === 'quotes' ? e.payload.quotes.BTCUSDT?.time : undefined;
        if (replaying && time !== undefined) quoteTimes.push(time);
      });
      await vi.waitFor(() => expect(live.length).toBeGreaterThan(5), { timeout: 20_000 });
      // A live alert that holds at every price: it fires live once, and in the replay's sandbox.
      services.alerts.create({
        instrument: BTC,
        condition: { kind: 'above', price: 1 },
        repeat: 'every',
      });
      await vi.waitFor(() => expect(services.alerts.list()[0]!.firedCount).toBeGreaterThan(0), {
        timeout: 20_000,
      });
      const liveAlerts = JSON.stringify(services.alerts.list());
      let liveFirings = 0;
      services.alerts.onFired(() => liveFirings++);
      services.recorder.flush();

      const { spans, instruments, recorded } = services.replay.spans();
      expect(recorded).toBe('demo');
      expect(instruments).toContainEqual(BTC);
      const span = spans.at(-1)!;
      const before = frameCount(folder);
      const { db } = openRecording(recordingFilePath(folder, 'demo'), 'demo');
      const recordedBooks = [...read(db, { from: span.from, to: span.to }, [BTC])]
        .filter((f) => f.channel === 'depth')
        .map((f) => JSON.stringify(f.record));
      closeRecording(db);

      replaying = true;
      const status = await services.replay.start({
        from: span.from,
        to: span.to,
        instrument: null,
        // At the recorded pace: the few seconds recorded last long enough on a busy machine.
        speed: 1,
      });
      expect(status).toMatchObject({ source: 'replay:demo', recorded: 'demo', speed: 1 });
      expect(services.status().source).toBe('replay:demo');
      await vi.waitFor(() => expect(shown.length).toBeGreaterThan(3), { timeout: 20_000 });
      // Every book shown in the replay is a recorded one, in the recorded order (before
      // the first is played, a book with no levels: nothing known yet, not an unknown symbol).
      let at = 0;
      for (const book of shown.filter((b) => b.asks.length + b.bids.length > 0)) {
        const found = recordedBooks.indexOf(JSON.stringify(book), at);
        expect(found).toBeGreaterThanOrEqual(0);
        at = found;
      }
      // The alert fired on the replayed prices, in the sandbox only.
      await vi.waitFor(() => expect(services.replay.status()!.alertsFired).toBeGreaterThan(0), {
        timeout: 20_000,
      });
      expect(services.replay.status()!.lastAlert).toMatch(/BTCUSDT/);
      expect(liveFirings).toBe(0);
      expect(JSON.stringify(services.alerts.list())).toBe(liveAlerts);
      // Paused, then stepped: one frame on, still paused.
      const paused = services.replay.control({ paused: true });
      const stepped = services.replay.control({ step: true });
      expect(stepped.paused).toBe(true);
      expect(stepped.time).toBeGreaterThanOrEqual(paused.time);
      // Sought back to the start: the quote shown goes back to that time (the hub held a
      // later one, and took no older record than it held).
      await vi.waitFor(() => expect(new Set(quoteTimes).size).toBeGreaterThan(1), {
        timeout: 20_000,
      });
      const latest = Math.max(...quoteTimes);
      const sought = services.replay.control({ seek: status.from });
      expect(sought.seeks).toBe(1);
      const from = quoteTimes.length;
      await vi.waitFor(
        () => expect(quoteTimes.slice(from).some((t) => t < latest && t <= sought.time)).toBe(true),
        { timeout: 20_000 },
      );
      services.recorder.flush();
      expect(frameCount(folder)).toBe(before);

      await services.replay.stop();
      replaying = false;
      expect(services.status().source).toBe('demo');
      expect(services.replay.status()).toBeNull();
      const replayRows = services.db.sqlite
        .prepare(
          "SELECT (SELECT count(*) FROM series WHERE source = 'replay:demo') + (SELECT count(*) FROM snapshots WHERE source = 'replay:demo')",
        )
        .pluck()
        .get();
      expect(replayRows).toBe(0);
      const liveAgain = live.length;
      await vi.waitFor(() => expect(live.length).toBeGreaterThan(liveAgain), { timeout: 20_000 });
    } finally {
      await services.dispose();
    }
  }, 90_000);

  it('has no recorded past of an instrument a one-instrument replay does not play', async () => {
    const folder = tempFolder();
    const services = await createTestServices({ dataFolder: folder, loadKeytar: null });
    try {
      const seen = new Set<string>();
      services.hub.subscribe('window', depthSpec('crypto', 'BA', ['BTCUSDT', 'ETHUSDT']), (e) => {
        if (e.event !== 'depth') return;
        for (const code of Object.keys(e.payload.books)) seen.add(code);
      });
      await vi.waitFor(() => expect(seen.size).toBe(2), { timeout: 20_000 });
      services.recorder.flush();
      const span = services.replay.spans().spans.at(-1)!;
      const history = (instrument: Instrument) =>
        services.backend.recording!.depthHistory({
          instrument,
          from: span.from,
          to: span.to,
          bucketMs: 1_000,
        });
      const ETH: Instrument = { ...BTC, code: 'ETHUSDT' };
      // Live, both have a recorded past.
      expect(history(ETH).times.length).toBeGreaterThan(0);
      await services.replay.start({ from: span.from, to: span.to, instrument: BTC, speed: 1 });
      services.replay.control({ seek: span.to });
      expect(history(BTC).times.length).toBeGreaterThan(0);
      // ETHUSDT is recorded, but not in this replay: no map under "Not in this replay".
      expect(history(ETH)).toMatchObject({ times: [], lastAt: null, source: 'replay:demo' });
      await services.replay.stop();
      expect(history(ETH).times.length).toBeGreaterThan(0);
    } finally {
      await services.dispose();
    }
  }, 60_000);

  it('refuses a replay with nothing recorded, and controls with none running', async () => {
    const folder = tempFolder();
    const services = await createTestServices({
      dataFolder: folder,
      loadKeytar: null,
      record: false,
    });
    try {
      await expect(services.replay.start({ from: 0, to: 1, instrument: null })).rejects.toThrow(
        /nothing has been recorded for demo yet/,
      );
      expect(() => services.replay.control({ paused: true })).toThrow(/no replay is running/);
      expect(services.replay.spans()).toEqual({ recorded: 'demo', spans: [], instruments: [] });
    } finally {
      await services.dispose();
    }
  });
});
