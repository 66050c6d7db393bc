/**
 * REST requests a minute of the default workspace (./default-workspace), streaming and
 * polling, in one run: the feed hub with real stream clients against the simulator on
 * one manual clock (src/core/feed/testing/stream-rig.ts, Wednesday 15:00 UTC: every
 * market of the workspace trades). Polling is the same hub with no stream. After the
 * start (the first snapshots, the stream's acknowledgements), one minute of the clock
 * is counted by the simulator's own `stats()`.
 */
import type { Plan } from '../../src/shared/model';
import { streamRig } from '../../src/core/feed/testing/stream-rig';
import { defaultWorkspaceSpecs } from '../default-workspace';

/** What one minute cost. */
export interface RestMinute {
  requests: number;
  /** Of those, price requests (quotes, depth, ticks): what the stream replaces. */
  prices: number;
  byPath: Record<string, number>;
  /** The hub's budget: the spend it wanted a minute, and the stretch of every interval. */
  wantedPerMinute: number;
  stretch: number;
  /** Symbols streamed and polled at the end (the health model's count). */
  streamed: number;
  polled: number;
}

const PRICE_PATH = /\/(quotes|depths?|ticks?)$/;

/** One minute of the default workspace on `plan`, streaming or not. */
export async function restMinute(plan: Plan, streaming: boolean): Promise<RestMinute> {
  const r = await streamRig({ plan, streaming, limit: 200 });
  try {
    for (const pane of defaultWorkspaceSpecs()) {
      for (const spec of pane.specs) r.hub.subscribe('window-1', spec, () => undefined);
    }
    if (streaming) {
      await r.advanceUntil(() => r.stream().state === 'streaming', 'streaming');
    }
    // The first snapshots (and the stream's one per symbol) are not the steady rate.
    await r.advance(5_000);
    r.sim.resetStats();
    await r.advance(60_000);
    const { requests, byPath } = r.sim.stats();
    const prices = Object.entries(byPath)
      .filter(([path]) => PRICE_PATH.test(path))
      .reduce((n, [, c]) => n + c, 0);
    const { wantedPerMinute, stretch } = r.hub.status().budget;
    const { streamed, polled } = r.stream();
    return { requests, prices, byPath, wantedPerMinute, stretch, streamed, polled };
  } finally {
    await r.close();
  }
}
