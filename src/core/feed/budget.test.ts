/**
 * The request budget counts what is really asked of the service a minute: a streamed
 * code's due snapshot and a closed market's last prices are asked once, not every tick.
 */
import { describe, expect, it } from 'vitest';
import { planOf, type MarketStateView } from '../../shared/model';
import { groupsBudget, pollCost } from './budget';
import { newGroup, setStreamed, showIn, snapshotTaken, type Group } from './group';
import { applyMarket } from './market-rest';
import { routeOf, type Routed } from './routes';
import { Subscription } from './subscription';
import { FakeStreams } from './testing/fake-stream';
import { manualHub, quotesSpec as quotes, depthSpec } from './testing/hub';
import { Recorder } from './testing/recorder';

const FREE = planOf('free');

/** A group of `codes` shown in one window. */
function shown(spec: Parameters<typeof routeOf>[0]): Group {
  const routed = routeOf(spec) as Routed;
  const g = newGroup(routed.groupKey, routed.route, routed.lane);
  const sub = new Subscription(
    's',
    'w',
    spec,
    routed.codes,
    routed.groupKey,
    () => {},
    () => {},
    0,
  );
  g.subs.add(sub);
  showIn(g, sub);
  return g;
}

const budgetOf = (groups: Group[]) => groupsBudget(groups, FREE, 5, () => 1_000, 0.9);

describe('the budget of the groups', () => {
  it("counts a streamed code's due snapshot once, not as a poll every second", () => {
    const g = shown(quotes('crypto', 'BA', ['BTCUSDT', 'ETHUSDT']));
    setStreamed(g, new Set(['BTCUSDT', 'ETHUSDT']));
    expect(g.active).toBe(true);
    expect(pollCost(g, FREE.maxCodes)).toEqual({ every: 0, once: 1 });
    // The free plan: 5 a minute, 4 of them the feed's, 90 % planned. Counted as a poll
    // a second, this snapshot read "4/4 req/min · polling slowed ×66.7".
    expect(budgetOf([g])).toEqual({
      requestsPerMinute: 3.6,
      wantedPerMinute: 0,
      stretch: 1,
      oneOffRequests: 1,
    });
    snapshotTaken(g, ['BTCUSDT', 'ETHUSDT']);
    expect(budgetOf([g]).oneOffRequests).toBe(0);
  });

  it('a group polled every tick with a due snapshot beside: its polls are the rate, the snapshot once more', () => {
    // Free plan: 10 codes a request at most; 12 polled codes cost 2 a tick, 9 of them 1.
    const codes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'];
    const g = shown(quotes('stock', 'US', codes));
    setStreamed(g, new Set(['J', 'K', 'L']));
    expect(FREE.maxCodes).toBe(10);
    expect(pollCost(g, FREE.maxCodes)).toEqual({ every: 1, once: 1 });
    const b = budgetOf([g]);
    expect(b.wantedPerMinute).toBe(60);
    expect(b.stretch).toBeCloseTo(60 / 3.6);
    expect(b.oneOffRequests).toBe(1);
  });

  it("counts a closed market's last prices once: after that answer it rests", () => {
    const g = shown(quotes('fund', 'US', ['SPY']));
    const closed = {
      class: 'fund',
      region: 'US',
      phase: 'closed',
      basis: 'service',
      lastClose: 1_000,
      nextOpen: 90_000_000,
    } as unknown as MarketStateView;
    applyMarket(g, closed, 5_000);
    expect(g.active).toBe(true);
    expect(budgetOf([g])).toMatchObject({ wantedPerMinute: 0, stretch: 1, oneOffRequests: 1 });
  });

  it("a streamed chart's bar close is its closes' rate, not once more", () => {
    const g = shown({
      kind: 'candles',
      series: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT', kType: 1 },
    });
    setStreamed(g, new Set(['BTCUSDT']));
    expect(pollCost(g, FREE.maxCodes)).toEqual({ every: 0, once: 0 });
    // One close a minute (a 1-minute bar).
    expect(budgetOf([g])).toMatchObject({ wantedPerMinute: 1, oneOffRequests: 0, stretch: 1 });
  });

  it('news keeps its page a minute', () => {
    const g = shown({ kind: 'news', market: 'stock', lang: 'en' });
    expect(pollCost(g, FREE.maxCodes)).toEqual({ every: 1, once: 0 });
  });
});

describe('the hub on the free plan with a stream', () => {
  it('says no polling is slowed while the only requests are the streamed symbols’ snapshots', async () => {
    const streams = new FakeStreams();
    const { timers, client, hub } = manualHub({
      stream: streams.open,
      plan: FREE,
      requestsPerMinute: 5,
    });
    hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT', 'ETHUSDT']), new Recorder().push);
    hub.subscribe('w', depthSpec('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    await timers.advance(0);
    // The snapshots wait their turn in the plan's minute.
    client.hold = true;
    streams.of('crypto').stream();
    await timers.advance(1_000);
    const budget = hub.status().budget;
    expect(budget.stretch).toBe(1);
    expect(budget.wantedPerMinute).toBe(0);
    expect(budget.oneOffRequests).toBeGreaterThan(0);
    const plan = hub.feedPlan({ subscriptions: 3 });
    expect(plan.requests.planned).toBe(0);
    expect(plan.requests.oneOff).toBe(budget.oneOffRequests);
    for (const line of plan.lines) expect(line.way).toBe('streamed');
    hub.dispose();
  });
});
