/**
 * A pane's first answer goes ahead of the repeat polls (the free plan, a Sunday): the
 * default workspace polled against the simulator on the plan's own limits, then a depth
 * pane opened on AAPL (a closed market no pane showed): its first book takes the
 * background share's next free slot instead of waiting behind every feed that already
 * shows data — and the plan's minute still holds.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionSpec } from '../../shared/bridge';
import { PLAN_LIMITS } from '../../shared/model';
import { defaultWorkspaceSpecs } from '../../../bench/default-workspace';
import { firstAnswerRun } from './testing/first-answer-rig';

/** Sunday 29 Nov 2026, 14:00 UTC: every stock market closed, crypto trading. */
const SUNDAY = Date.UTC(2026, 10, 29, 14);

describe('a pane waiting for its first answer', () => {
  it("on the free plan, a closed market's new pane gets its first book before the repeat polls waiting", async () => {
    const run = await firstAnswerRun({
      start: SUNDAY,
      plan: 'free',
      openAfterMs: 3 * 60_000,
      workspace: defaultWorkspaceSpecs().flatMap((p) => p.specs),
      pane: { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
    });
    // Its request is the next the feed sends: no repeat poll goes before it.
    expect(run.sentBefore).toBe(0);
    // And the plan's minute holds, the first answer included.
    expect(run.mostInAMinute).toBeLessThanOrEqual(PLAN_LIMITS.free.requestsPerMinute);
  }, 60_000);

  it("a pane on another symbol of a closed market that rests gets that symbol's last book, then it rests again", async () => {
    const aapl = { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] };
    const run = await firstAnswerRun({
      start: SUNDAY,
      plan: 'free',
      // AAPL's book is in long before: US stock depth rests.
      openAfterMs: 4 * 60_000,
      workspace: [...defaultWorkspaceSpecs().flatMap((p) => p.specs), aapl as SubscriptionSpec],
      pane: { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['MSFT'] },
      // It waited for the open with nothing before: no book in 10 minutes.
      maxMs: 10 * 60_000,
      thenMs: 3 * 60_000,
    });
    expect(run.sentBefore).toBe(0);
    // Asked once: then it rests again until the open.
    expect(run.askedAfter).toBe(0);
  }, 120_000);
});
