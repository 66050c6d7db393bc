/**
 * The markets' states during a replay, in the app's services: a Friday afternoon's AAPL
 * recording replayed on a Sunday (the wall clock's) is of an open US market — the hub
 * tells it open and polls AAPL from the replay on and on, never resting it as closed
 * now — and back on the demo it is the Sunday's weekend again.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Instrument, MarketStateView } from '../../shared/model';
import { readQuote } from '../api/normalise-market';
import { quotesSpec } from '../feed/testing/hub';
import { Recorder } from '../recording';
import { SyntheticMarket } from '../../simulator/market/synthetic-market';
import { tempFolder } from '../testing/temp-folder';
import { createTestServices } from '../testing/services';

const AAPL: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
/** Friday 20 Nov 2026, 15:00 in New York (an ordinary day: not the Black Friday half day). */
const FRIDAY_1500_ET = Date.UTC(2026, 10, 20, 20);
/** Sunday 22 Nov 2026, 10:00 in New York: the wall clock of the replay. */
const SUNDAY = Date.UTC(2026, 10, 22, 15);
const RECORDED_S = 120;

/** Two minutes of AAPL's quotes, one a second from Friday 15:00 ET, in the demo's recording. */
function recordFriday(folder: string): { from: number; to: number } {
  const clock = { t: FRIDAY_1500_ET };
  const market = new SyntheticMarket({ seed: 1, now: () => clock.t });
  const recorder = new Recorder({
    folder,
    source: () => 'demo',
    now: () => clock.t,
    timers: null,
  });
  for (let s = 0; s <= RECORDED_S; s++, clock.t += 1_000) {
    const quote = market.quote('stock', 'US', '', 'AAPL')!;
    recorder.take({ channel: 'quote', instrument: AAPL, record: readQuote(quote, 'AAPL', false) });
  }
  recorder.close();
  return { from: FRIDAY_1500_ET, to: FRIDAY_1500_ET + RECORDED_S * 1_000 };
}

describe('a replay’s market states', () => {
  it('judges a Friday afternoon replayed on a Sunday open, and polls its AAPL from the replay', async () => {
    const folder = tempFolder();
    const span = recordFriday(folder);
    const offset = SUNDAY - Date.now();
    const services = await createTestServices({
      dataFolder: folder,
      loadKeytar: null,
      record: false,
      now: () => Date.now() + offset,
    });
    try {
      const markets: (MarketStateView | undefined)[] = [];
      const replayedTimes = new Set<number>();
      services.hub.subscribe('window', quotesSpec('stock', 'US', ['AAPL']), (e) => {
        if (e.event === 'subscriptionStatus') markets.push(e.payload.market);
        const time = e.event === 'quotes' ? e.payload.quotes.AAPL?.time : undefined;
        if (time !== undefined && time >= span.from && time <= span.to) replayedTimes.add(time);
      });
      // Live on the Sunday: the US market is in its weekend.
      await vi.waitFor(() => expect(markets.at(-1)?.phase).toBe('weekend'), { timeout: 20_000 });

      const status = await services.replay.start({ ...span, instrument: null, speed: 10 });
      expect(status.source).toBe('replay:demo');
      // At the replayed time the market is open: told so to the pane and the status bar…
      await vi.waitFor(() => expect(markets.at(-1)?.phase).toBe('open'), { timeout: 20_000 });
      expect(services.status().markets).toContainEqual(
        expect.objectContaining({ class: 'stock', region: 'US', phase: 'open' }),
      );
      // …and AAPL is asked of the replay on and on (a market resting as closed now would
      // be asked once at the switch, then never).
      await vi.waitFor(() => expect(replayedTimes.size).toBeGreaterThan(3), { timeout: 30_000 });

      // Back on the demo: the Sunday's weekend again.
      await services.replay.stop();
      await vi.waitFor(() => expect(markets.at(-1)?.phase).toBe('weekend'), { timeout: 20_000 });
    } finally {
      await services.dispose();
    }
  }, 90_000);
});
