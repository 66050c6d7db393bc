/**
 * A stream sync reads every wanted code of every window (up to 90,000), so it reads them
 * a slice per turn of the loop; read in slices or at once, the answer is the same.
 */
import { describe, expect, it } from 'vitest';
import { newGroup, setStreamed, showIn, type Group } from './group';
import { routeOf } from './routes';
import { StreamWantsReader, streamWants } from './stream-wants';
import type { Subscription } from './subscription';
import { quotesSpec } from './testing/hub';

/** A group of `codes`, shown by `viewers` subscribers each holding them all. */
function group(region: string, codes: string[], viewers = 1): Group {
  const routed = routeOf(quotesSpec('stock', region, codes));
  if (!routed.ok) throw new Error(routed.message);
  const g = newGroup(routed.groupKey, routed.route, routed.lane);
  for (let i = 0; i < viewers; i++) showIn(g, { codes: routed.codes } as unknown as Subscription);
  return g;
}

const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('StreamWantsReader', () => {
  it('reads at most its budget of codes a call, and ends with what streamWants reads at once', () => {
    const groups = [group('US', codes('A', 25)), group('HK', codes('H', 10), 2)];
    const reader = new StreamWantsReader(groups);
    const calls: boolean[] = [];
    for (let done = false; !done;) calls.push((done = reader.read(10)));
    // 35 codes, 10 a call: three calls read 30, the fourth the last 5.
    expect(calls).toEqual([false, false, false, true]);
    const sliced = reader.result();
    const whole = streamWants(groups);
    expect(sliced.byClass).toEqual(whole.byClass);
    expect([...sliced.targets.keys()]).toEqual([...whole.targets.keys()]);
    // Most visible first (two viewers), then the panes' order.
    const stock = sliced.byClass.get('stock')!.map((w) => `${w.code}$${w.region}`);
    expect(stock.slice(0, 2)).toEqual(['H0$HK', 'H1$HK']);
    expect(stock.slice(10, 12)).toEqual(['A0$US', 'A1$US']);
    expect(stock).toHaveLength(35);
  });
});

describe('setStreamed', () => {
  it('costs the streamed codes: joins are due a snapshot, leavers are polled again, counts kept', () => {
    const g = group('US', codes('C', 1000));
    expect(g.polled).toBe(1000);
    expect(setStreamed(g, new Set(['C1', 'C2', 'NOT-WANTED']))).toEqual({ added: 2, removed: 0 });
    // Due: still polled, once, for their snapshot.
    expect(g.polled).toBe(1000);
    g.due.clear();
    g.polled = 998;
    expect(setStreamed(g, new Set(['C2', 'C3']))).toEqual({ added: 1, removed: 1 });
    expect([...g.streamed].sort()).toEqual(['C2', 'C3']);
    expect(g.polled).toBe(999);
    expect(setStreamed(g, new Set())).toEqual({ added: 0, removed: 2 });
    expect(g.polled).toBe(1000);
  });
});
