/**
 * What a subscription costs the hub: the codes it changes, never the codes every other
 * subscription holds (a flood of 300 × 500 codes once took 24 s, since each subscribe
 * rebuilt its group's union and each unsubscribe reconciled everything). Measured as
 * work done — Set and Map insertions counted while one call runs — not as time, so the
 * figures are exact and the same on any machine; the timings are `npm run bench -- flood`.
 * Also the union's correctness under counting: overlaps, hiding, leaving, teardown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualHub, stockQuotes } from './testing/hub';
import { Recorder } from './testing/recorder';

const setup = () => manualHub();

/** `count` distinct codes starting at `from`. */
const codes = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `C${from + i}`);

/** Set and Map insertions made while `fn` runs: the work it does per element. */
function insertions(fn: () => void): number {
  const adds = vi.spyOn(Set.prototype, 'add');
  const sets = vi.spyOn(Map.prototype, 'set');
  try {
    fn();
    return adds.mock.calls.length + sets.mock.calls.length;
  } finally {
    adds.mockRestore();
    sets.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('FeedHub: cost proportional to what changed', () => {
  it('subscribes in work independent of what the group already holds', () => {
    const { hub } = setup();
    const noop = () => undefined;
    const first = insertions(() => hub.subscribe('flood', stockQuotes(codes(0, 500)), noop));
    for (let i = 1; i < 100; i++) hub.subscribe('flood', stockQuotes(codes(i * 500, 500)), noop);
    // The 101st subscription of 500 codes joins a group of 50,000.
    const later = insertions(() => hub.subscribe('flood', stockQuotes(codes(50_000, 500)), noop));
    // Rebuilding the union would cost ≥ 50,000 insertions here.
    expect(later).toBeLessThan(first * 1.5 + 100);
    expect(later).toBeLessThan(5 * 500);
    hub.dispose();
  });

  it('unsubscribes and drops a client in work proportional to its own codes, reconciling once', () => {
    const { hub } = setup();
    const noop = () => undefined;
    // Another client holds 100 × 500 codes in the same group.
    for (let i = 0; i < 100; i++) hub.subscribe('big', stockQuotes(codes(i * 500, 500)), noop);
    const ids = Array.from({ length: 20 }, (_, i) =>
      hub.subscribe('small', stockQuotes(codes(100_000 + i * 10, 10)), noop),
    );
    const one = insertions(() => hub.unsubscribe(ids[0]!));
    expect(one).toBeLessThan(200);

    let told = 0;
    hub.onStatus(() => told++);
    const drop = insertions(() => hub.dropClient('small'));
    // 19 subscriptions of 10 codes leave; the 50,000 other codes are not walked.
    expect(drop).toBeLessThan(19 * 10 * 4 + 200);
    // One reconcile for the whole client: the budget changed once, told once.
    expect(told).toBe(1);
    hub.dispose();
  });

  it('hides and shows a client in work proportional to its own codes', () => {
    const { hub } = setup();
    const noop = () => undefined;
    for (let i = 0; i < 100; i++) hub.subscribe('big', stockQuotes(codes(i * 500, 500)), noop);
    hub.subscribe('tab', stockQuotes(codes(100_000, 10)), noop);
    expect(insertions(() => hub.setVisibility('tab', false))).toBeLessThan(200);
    expect(insertions(() => hub.setVisibility('tab', true))).toBeLessThan(200);
    hub.dispose();
  });
});

describe('FeedHub: the union, counted', () => {
  it('asks a code while any visible subscriber wants it, and stops when the last leaves', async () => {
    const { timers, client, hub } = setup();
    const a = new Recorder();
    const b = new Recorder();
    const idA = hub.subscribe('w1', stockQuotes(['AAPL', 'MSFT']), a.push);
    hub.subscribe('w2', stockQuotes(['MSFT', 'NVDA', 'MSFT']), b.push);
    await timers.advance(0);
    expect(client.calls.at(-1)!.codes.sort()).toEqual(['AAPL', 'MSFT', 'NVDA']);
    hub.unsubscribe(idA);
    await timers.advance(1000);
    // MSFT is still wanted by w2 (which named it twice: counted once).
    expect(client.calls.at(-1)!.codes.sort()).toEqual(['MSFT', 'NVDA']);
    hub.setVisibility('w2', false);
    const calls = client.calls.length;
    await timers.advance(3000);
    expect(client.calls.length).toBe(calls); // nothing visible: nothing asked
    hub.setVisibility('w2', true);
    await timers.advance(0);
    expect(client.calls.at(-1)!.codes.sort()).toEqual(['MSFT', 'NVDA']);
    hub.dropClient('w2');
    const after = client.calls.length;
    await timers.advance(3000);
    expect(client.calls.length).toBe(after);
    hub.dispose();
  });

  it('keeps a hidden window’s records for its return and drops codes nobody holds', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w1', stockQuotes(['AAPL']), new Recorder().push);
    hub.subscribe('w2', stockQuotes(['AAPL', 'TSLA']), new Recorder().push);
    await timers.advance(0);
    hub.setVisibility('w2', false);
    await timers.advance(1000);
    expect(client.calls.at(-1)!.codes).toEqual(['AAPL']);
    // Hidden, w2 still holds TSLA's record: a new pane on TSLA is painted from it.
    const probe = new Recorder();
    const probeId = hub.subscribe('w3', stockQuotes(['TSLA']), probe.push);
    await timers.advance(0);
    expect(probe.quoteCodes()[0]).toEqual(['TSLA']);
    hub.unsubscribe(probeId);
    hub.dropClient('w2');
    // Nobody holds TSLA now: its record is gone, a new pane waits for the next poll.
    const late = new Recorder();
    hub.subscribe('w4', stockQuotes(['TSLA']), late.push);
    await timers.advance(0);
    expect(late.quoteCodes()).toEqual([]);
    await timers.advance(1000);
    expect(late.quoteCodes()).toEqual([['TSLA']]);
    expect(client.calls.at(-1)!.codes.sort()).toEqual(['AAPL', 'TSLA']);
    hub.dispose();
  });
});
