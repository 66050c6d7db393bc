/**
 * The meter tells what is asked of the service (the free plan, a Sunday): the default
 * workspace against the simulator on the plan's own limits, streaming what the plan's
 * connections carry, with the app's market hours. The streamed symbols' snapshots and
 * the closed markets' last prices are asked once: the budget says so, and says no
 * polling is slowed while none is.
 */
import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../shared/model';
import { defaultWorkspaceSpecs } from '../../../bench/default-workspace';
import { hoursRig } from './testing/hours-rig';
import { Recorder } from './testing/recorder';

/** Sunday 29 Nov 2026, 14:00 UTC: every stock market closed, crypto trading. */
const SUNDAY = Date.UTC(2026, 10, 29, 14);

describe('the budget on the free plan', () => {
  it('counts snapshots and last prices once: no slow-down said while a few requests a minute are sent', async () => {
    const { rig, sent, close } = await hoursRig({
      start: SUNDAY,
      plan: 'free',
      fetchAfterMs: 2_000,
      streaming: true,
    });
    try {
      for (const pane of defaultWorkspaceSpecs()) {
        for (const spec of pane.specs) rig.hub.subscribe('window-1', spec, new Recorder().push);
      }
      let stretch = 1;
      let wanted = 0;
      let oneOff = 0;
      let midBar = -1;
      for (let t = 0; t < 4 * 60_000; t += 1_000) {
        await rig.advance(1_000);
        const b = rig.hub.status().budget;
        stretch = Math.max(stretch, b.stretch);
        wanted = Math.max(wanted, b.wantedPerMinute);
        oneOff = Math.max(oneOff, b.oneOffRequests);
        // Half a bar after the third minute's close: nothing is due.
        if (t === 3.5 * 60_000) midBar = b.oneOffRequests;
      }
      // Once "4/4 req/min · polling slowed ×81.2" (212 a minute wanted): each snapshot
      // waiting was counted as a poll a second.
      expect(stretch).toBe(1);
      // News a minute and the streamed chart's bar closes.
      expect(wanted).toBe(2);
      expect(oneOff).toBeGreaterThan(0);
      // What is left once they are in: the rate alone.
      expect(midBar).toBe(0);
      for (const s of sent) {
        const n = sent.filter((o) => o.at >= s.at && o.at < s.at + 60_000).length;
        expect(n).toBeLessThanOrEqual(PLAN_LIMITS.free.requestsPerMinute);
      }
    } finally {
      await close();
    }
  }, 120_000);
});
