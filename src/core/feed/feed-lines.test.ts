/**
 * The feed plan the status bar's popover lists: what streams, what is polled how often
 * and why, what waits — from the hub with scripted streams on a manual clock.
 */
import { describe, expect, it } from 'vitest';
import { planOf, type DataSourceId } from '../../shared/model';
import { usMarket } from '../../shared/testing/fixtures';
import { FakeStreams } from './testing/fake-stream';
import { depthSpec, manualHub, quotesSpec as quotes, seriesOf } from './testing/hub';
import { Recorder } from './testing/recorder';

describe('the feed plan', () => {
  it('says what streams, what is polled every how many seconds and why, and what waits', async () => {
    const streams = new FakeStreams();
    const { timers, hub } = manualHub({
      stream: streams.open,
      plan: planOf('base'),
      requestsPerMinute: 120,
    });
    hub.subscribe('w', quotes('stock', 'US', ['AAPL', 'MSFT']), new Recorder().push);
    hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    hub.subscribe('w', depthSpec('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    hub.subscribe('w', quotes('future', 'US', ['NQ']), new Recorder().push);
    hub.subscribe('w', quotes('fund', 'US', ['SPY']), new Recorder().push);
    hub.subscribe(
      'w',
      { kind: 'candles', series: seriesOf('crypto', 'BA', 'BTCUSDT', 1) },
      new Recorder().push,
    );
    hub.subscribe('hidden', quotes('indices', 'GB', ['FTSE']), new Recorder().push);
    hub.setVisibility('hidden', false);
    await timers.advance(0);
    for (const s of streams.opened) s.stream();
    await timers.advance(5_000);

    const plan = hub.feedPlan({ subscriptions: 200 });
    const line = (what: string) => plan.lines.find((l) => l.what.startsWith(what))!;
    expect(plan.plan).toBe('base');
    expect(line('stock quotes · US')).toMatchObject({
      way: 'streamed',
      codes: 2,
      streamedCodes: 2,
    });
    expect(line('crypto 1m candles · BA · BTCUSDT')).toMatchObject({
      way: 'streamed',
      why: expect.stringMatching(
        /built from the stream; REST is asked once each bar closes/,
      ) as unknown,
    });
    // Base: three connections (stock, crypto, future); funds are polled, slower than asked.
    const fund = line('fund quotes · US · SPY');
    expect(fund.way).toBe('polled');
    expect(fund.wantedMs).toBe(1_000);
    expect(fund.everyMs).toBeGreaterThan(1_000);
    expect(fund.everyMs).toBeLessThanOrEqual(5_000);
    expect(fund.why).toMatch(/allows 3 stream connections/);
    expect(fund.why).toMatch(/the plan's budget/);
    expect(line('indices quotes · GB')).toMatchObject({
      way: 'waiting',
      why: expect.stringMatching(/No window shows it/) as unknown,
    });
    expect(plan.stream).toEqual({
      connections: 3,
      connectionLimit: 3,
      subscriptions: 4,
      subscriptionLimit: 600,
    });
    expect(plan.requests).toMatchObject({ limit: 120, background: 30 });
    expect(plan.requests.planned).toBeLessThanOrEqual(30);
    hub.dispose();
  });

  it("says a closed market's last prices are asked once, not a pace slowed by the plan", async () => {
    // Seen on the free plan's Sunday as "every 81.2 s instead of 1 s: the plan's budget is
    // shared" of a fund's quotes whose one request was waiting for its turn.
    const { timers, client, hub } = manualHub({
      plan: planOf('free'),
      requestsPerMinute: 5,
      markets: {
        state: (cls, region) => usMarket({ class: cls, region, phase: 'weekend' }),
        onChange: () => ({ dispose() {} }),
      },
    });
    client.hold = true;
    hub.subscribe('w', quotes('fund', 'US', ['SPY']), new Recorder().push);
    await timers.advance(1_000);
    const plan = hub.feedPlan({ subscriptions: 3 });
    expect(plan.lines[0]).toMatchObject({
      way: 'once',
      everyMs: null,
      why: 'Its market is closed: its last prices are asked once, then nothing until it opens.',
    });
    expect(plan.requests).toMatchObject({ planned: 0, oneOff: 1 });
    expect(hub.status().budget.stretch).toBe(1);
    hub.dispose();
  });

  it('in the demo and a replay, says a feed polled slower than asked shares the feed’s rate, none of it the plan’s', async () => {
    // Polled slower than asked in a replay (Settings' requests a minute kept there too):
    // once said "the plan's budget is shared" while no request reached the service.
    const slowed = async (source: DataSourceId) => {
      const { timers, hub } = manualHub({
        plan: planOf('base'),
        requestsPerMinute: 8,
        source: () => source,
      });
      hub.subscribe('w', quotes('fund', 'US', ['SPY']), new Recorder().push);
      hub.subscribe('w', quotes('indices', 'GB', ['FTSE']), new Recorder().push);
      await timers.advance(5_000);
      const line = hub.feedPlan({ subscriptions: 200 }).lines[0]!;
      hub.dispose();
      expect(line.way).toBe('polled');
      expect(line.everyMs!).toBeGreaterThan(line.wantedMs! * 2);
      return line.why;
    };
    expect(await slowed('live:https://api.example.test')).toMatch(/the plan's budget is shared/);
    for (const [source, who] of [
      ['replay:demo', /the replay answers from the recording on this computer/],
      ['replay:live:https://api.example.test', /the replay answers from the recording/],
      ['demo', /the demo's simulator answers, on this computer/],
    ] as const) {
      const why = await slowed(source);
      expect(why, source).not.toMatch(/the plan's budget/);
      expect(why, source).toMatch(
        /^Every \d+(\.\d)? s instead of 1 s: the feed's request rate is shared/,
      );
      expect(why, source).toMatch(who);
      expect(why, source).toMatch(/none of the plan's requests are spent/);
    }
  });
});
