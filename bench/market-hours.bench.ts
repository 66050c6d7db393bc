/**
 * Closed markets cost nothing (issue 27): the default workspace, everything polled, on
 * the base plan's own limits, on the simulator's clock (src/core/feed/testing/stream-rig.ts)
 * with the app's market hours over the simulator's calendar operations — side by side
 * in one run:
 *
 * - open: Wednesday 18 Nov 2026 15:00 UTC (New York and London trade; Hong Kong is
 *   closed for the night);
 * - closed: Saturday 28 Nov 2026 15:00 UTC (every stock, fund, index and futures market
 *   of the workspace closed; crypto trades);
 * - closed, no market hours: the same Saturday with the hub knowing no market's hours
 *   (as before issue 27): everything is polled;
 * - closed, free plan: Sunday 29 Nov 2026 14:00 UTC on the free plan's 5 requests a
 *   minute, where the first screen's requests take the first minutes and the service's
 *   calendars come late: each closed market's last prices should still be asked once.
 *
 * And on the free plan, a pane opened on a closed market no pane showed (AAPL's depth on
 * the Sunday, Hong Kong's 700 on the Wednesday, its market shut for the night) after the
 * workspace polled 3 and 4 minutes: the seconds until its first book, and the requests
 * sent before its own (its first answer goes ahead of the repeat polls waiting); and
 * MSFT's book opened beside AAPL's resting one (asked once, then resting again).
 *
 * The requests of each minute are counted by path as the client sends them; a closed
 * market's last prices are asked once, then nothing until it opens. The plan's budget
 * does not shrink: what the closed markets leave goes to the ones that trade.
 */
import type { PlanName } from '../src/shared/model';
import { CALENDARS_AFTER_START_MS } from '../src/core/services';
import { hoursRig } from '../src/core/feed/testing/hours-rig';
import { Recorder } from '../src/core/feed/testing/recorder';
import type { Benchmark, BenchRow } from './harness';
import { loadRow } from './harness';
import { defaultWorkspaceSpecs } from './default-workspace';
import { firstAnswerRun } from '../src/core/feed/testing/first-answer-rig';

const STEP_MS = 1_000;
const MINUTES = 5;

/** Paths of the markets that close (everything but crypto and news). */
const CLOSING = /^\/(stock|fund|indices|future)\/(quotes?|depths?|klines?)$/;
const CALENDAR = /^\/(symbol\/v2\/holidays|market\/status)$/;

interface Run {
  /** Requests of each minute: all, those of closing markets, calendar ones. */
  minutes: { all: number; closing: number; calendar: number }[];
  states: string;
}

async function run(start: number, withHours: boolean, plan: PlanName = 'base'): Promise<Run> {
  const {
    rig: r,
    sent,
    close,
  } = await hoursRig({
    start,
    plan,
    // As the services ask them: after the first screen's quotes.
    fetchAfterMs: CALENDARS_AFTER_START_MS,
    withHours,
  });
  try {
    for (const pane of defaultWorkspaceSpecs()) {
      for (const spec of pane.specs) r.hub.subscribe('window-1', spec, new Recorder().push);
    }
    for (let t = 0; t < MINUTES * 60_000; t += STEP_MS) await r.advance(STEP_MS);
    const minutes = Array.from({ length: MINUTES }, (_, m) => {
      const of = sent.filter((s) => Math.floor((s.at - start) / 60_000) === m);
      return {
        all: of.length,
        closing: of.filter((s) => CLOSING.test(s.path)).length,
        calendar: of.filter((s) => CALENDAR.test(s.path)).length,
      };
    });
    const states = withHours
      ? r.hub
          .marketStates()
          .map(
            (m) =>
              `${m.region} ${m.class} ${m.phase}${m.basis === 'service' ? '' : ` (${m.basis})`}`,
          )
          .join(', ')
      : 'no market hours';
    return { minutes, states };
  } finally {
    await close();
  }
}

const OPEN = Date.UTC(2026, 10, 18, 15);
const SATURDAY = Date.UTC(2026, 10, 28, 15);
const SUNDAY = Date.UTC(2026, 10, 29, 14);

const benchmark: Benchmark = {
  title: `Closed markets rest (issue 27): the default workspace polled on the base plan, ${MINUTES} minutes of the simulator clock each`,
  async run(): Promise<BenchRow[]> {
    const out: BenchRow[] = [loadRow('before')];
    const runs = [
      { name: 'open (Wed 15:00 UTC)', r: await run(OPEN, true) },
      { name: 'closed (Sat 15:00 UTC)', r: await run(SATURDAY, true) },
      { name: 'closed, no market hours', r: await run(SATURDAY, false) },
      { name: 'closed, free plan (Sun 14:00 UTC)', r: await run(SUNDAY, true, 'free') },
    ];
    for (const { name, r } of runs) {
      const later = r.minutes.slice(1);
      const perMinute = (k: 'all' | 'closing' | 'calendar') =>
        later.reduce((n, m) => n + m[k], 0) / later.length;
      const closingLater = perMinute('closing');
      const isRest = name.startsWith('closed (');
      const total = (k: 'all' | 'closing' | 'calendar') => r.minutes.reduce((n, m) => n + m[k], 0);
      out.push(
        {
          name: `${name}: requests a minute, minutes 2–${MINUTES}`,
          value: perMinute('all'),
          unit: 'req/min',
          ratio: `first minute ${r.minutes[0]!.all}; calendar requests ${r.minutes.reduce((n, m) => n + m.calendar, 0)} in all`,
        },
        {
          name: `${name}: closing markets' requests a minute, minutes 2–${MINUTES}`,
          value: closingLater,
          unit: 'req/min',
          ratio: `first minute ${r.minutes[0]!.closing}; ${r.states}`,
          ...(isRest ? { goal: '0 after the first minute', pass: closingLater === 0 } : {}),
        },
        {
          name: `${name}: requests in ${MINUTES} minutes: all, closing markets', calendar`,
          value: total('closing'),
          unit: 'closing',
          ratio: `all ${total('all')}; calendar ${total('calendar')}; by minute ${r.minutes.map((m) => `${m.all}/${m.closing}/${m.calendar}`).join(' ')}`,
        },
      );
    }
    const workspace = defaultWorkspaceSpecs().flatMap((p) => p.specs);
    const opens = [
      { name: 'Sun 14:00 UTC, AAPL', start: SUNDAY, after: 3, region: 'US', code: 'AAPL' },
      { name: 'Sun 14:00 UTC, AAPL', start: SUNDAY, after: 4, region: 'US', code: 'AAPL' },
      { name: 'Wed 15:00 UTC, 700 HK', start: OPEN, after: 3, region: 'HK', code: '700' },
      { name: 'Wed 15:00 UTC, 700 HK', start: OPEN, after: 4, region: 'HK', code: '700' },
    ];
    for (const o of opens) {
      const f = await firstAnswerRun({
        start: o.start,
        plan: 'free',
        openAfterMs: o.after * 60_000,
        workspace,
        pane: { kind: 'depth', class: 'stock', region: o.region, exchange: '', codes: [o.code] },
      });
      out.push({
        name: `free plan, ${o.name}: a closed market's new pane, opened after ${o.after} min, to its first book`,
        value: f.waitedMs / 1000,
        unit: 's',
        ratio: `${f.sentBefore} requests sent before its own; at most ${f.mostInAMinute} in a minute`,
      });
    }
    // Another symbol of a resting market: MSFT's book opened beside AAPL's (before, it
    // got nothing until the open).
    const aapl = { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] };
    const other = await firstAnswerRun({
      start: SUNDAY,
      plan: 'free',
      openAfterMs: 4 * 60_000,
      workspace: [...workspace, aapl as (typeof workspace)[number]],
      pane: { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['MSFT'] },
      thenMs: 3 * 60_000,
    });
    out.push({
      name: "free plan, Sun 14:00 UTC: MSFT's book opened after 4 min beside AAPL's resting one, to its first book",
      value: other.waitedMs / 1000,
      unit: 's',
      ratio: `${other.sentBefore} requests sent before its own; /stock/depths in the 3 min after: ${other.askedAfter}`,
      goal: 'answered, then resting again',
      pass: other.askedAfter === 0,
    });
    out.push(loadRow('after'));
    return out;
  },
};

export default benchmark;
