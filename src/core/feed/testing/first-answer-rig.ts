/**
 * How long a pane opened on a closed market waits for its first answer on a small plan:
 * the default workspace polled (no stream) on the plan's own limits against the
 * simulator, with the app's market hours, on one manual clock; after `openAfterMs` a
 * depth pane opens in a second window on a symbol no pane shows yet (AAPL on the
 * Trading layout's Sunday: a new group of a closed market), and the clock runs until its
 * first book is pushed. Used by `feed-hub-first-answer.simulator.test.ts` and
 * `./run bench -- market-hours`.
 */
import type { PlanName, UnixMs } from '../../../shared/model';
import type { SubscriptionSpec } from '../../../shared/bridge';
import { hoursRig } from './hours-rig';
import { Recorder } from './recorder';

/**
 * The calendars are first asked 10 s after the start: later than the app does
 * (`CALENDARS_AFTER_START_MS` in core/services.ts, 2 s). The first-answer figures of the
 * simulator test and `./run bench -- market-hours` were measured so.
 */
const CALENDARS_AFTER_MS = 10_000;

export interface FirstAnswerRun {
  /** From the pane's subscribe to its first book, on the clock (ms). */
  waitedMs: number;
  /** Requests the client sent between the pane's subscribe and its own first request. */
  sentBefore: number;
  /** Requests the client sent in all, and the most in any minute window counted from the start. */
  sent: number;
  /** The most requests sent in any 60 s window (the plan's limit must hold). */
  mostInAMinute: number;
  /** Requests of the pane's path in the `thenMs` after its answer (a closed market rests: 0). */
  askedAfter: number;
}

export async function firstAnswerRun(options: {
  start: UnixMs;
  plan?: PlanName;
  /** The workspace's own panes polled this long before the pane opens. */
  openAfterMs: number;
  /** Each subscription of the workspace (the panes shown). */
  workspace: readonly SubscriptionSpec[];
  pane: SubscriptionSpec & { kind: 'depth' };
  /** At most this long to wait for the answer (ms of the clock). */
  maxMs?: number;
  /** The clock runs on this long after the answer (default 0). */
  thenMs?: number;
}): Promise<FirstAnswerRun> {
  const {
    rig: r,
    sent,
    close,
  } = await hoursRig({
    start: options.start,
    plan: options.plan ?? 'free',
    fetchAfterMs: CALENDARS_AFTER_MS,
  });
  try {
    for (const spec of options.workspace) r.hub.subscribe('window-1', spec, new Recorder().push);
    for (let t = 0; t < options.openAfterMs; t += 1_000) await r.advance(1_000);
    const pane = new Recorder();
    const code = options.pane.codes[0]!;
    const openedAt = r.timers.now();
    const before = sent.length;
    r.hub.subscribe('window-2', options.pane, pane.push);
    const answered = () => pane.of('depth').some((d) => d.books[code] !== undefined);
    const maxMs = options.maxMs ?? 15 * 60_000;
    while (!answered()) {
      if (r.timers.now() - openedAt > maxMs) throw new Error(`no first book within ${maxMs} ms`);
      await r.advance(250);
    }
    const waitedMs = r.timers.now() - openedAt;
    const path = `/${options.pane.class}/depths`;
    const answeredAt = sent.length;
    for (let t = 0; t < (options.thenMs ?? 0); t += 1_000) await r.advance(1_000);
    const askedAfter = sent.slice(answeredAt).filter((s) => s.path === path).length;
    const own = sent.findIndex((s, i) => i >= before && s.path === path);
    let mostInAMinute = 0;
    for (const s of sent) {
      const n = sent.filter((o) => o.at >= s.at && o.at < s.at + 60_000).length;
      mostInAMinute = Math.max(mostInAMinute, n);
    }
    return {
      waitedMs,
      sentBefore: own < 0 ? sent.length - before : own - before,
      sent: sent.length,
      mostInAMinute,
      askedAfter,
    };
  } finally {
    await close();
  }
}
