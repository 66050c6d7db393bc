import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataSourceId, Instrument, Quote } from '../../shared/model';
import { quoteOf } from '../../shared/testing/fixtures';
import { ApiError, type BatchResult, type Result } from '../api';
import { HealthService, TOKEN_REJECTED_MESSAGE } from '../health';
import { SnapshotService, SourceChangedError } from './snapshot-service';
import { isOfflineError } from './sources';
import { DEMO, LIVE, tempCache } from './testing/fixtures';

let t: ReturnType<typeof tempCache>;
beforeEach(() => {
  t = tempCache();
});
afterEach(() => t.dispose());

const stock = (code: string): Instrument => ({ class: 'stock', region: 'US', exchange: '', code });
const AAPL = stock('AAPL');
const MSFT = stock('MSFT');
const quote = (last: number): Quote =>
  quoteOf({ last, open: 1, prevClose: 1, high: 2, low: 0.5, time: 1, volume: 10, turnover: 20 });
const batch = (
  data: Record<string, Quote>,
  rest: Partial<BatchResult<Quote>> = {},
): Result<BatchResult<Quote>> => ({
  ok: true,
  value: { data, missing: [], failed: {}, ...rest },
});
const failure = (kind: ApiError['kind'], message: string = kind): ApiError =>
  new ApiError({ kind, operation: 'stockQuotes', message });
const failed = (error: ApiError): Result<BatchResult<Quote>> => ({ ok: false, error });

function service(source: () => DataSourceId = () => DEMO, health?: HealthService) {
  let now = 1000;
  const snapshots = new SnapshotService({
    db: t.db,
    sourceId: source,
    now: () => now,
    ...(health ? { health } : {}),
  });
  return { snapshots, at: (ms: number) => (now = ms) };
}

describe('SnapshotService: API first, the source’s snapshot on failure', () => {
  it('answers from the service, saved as the snapshot; a failure later from it, with its time', async () => {
    const { snapshots, at } = service();
    const first = await snapshots.fetch('quote', [AAPL], () =>
      Promise.resolve(batch({ AAPL: quote(5) })),
    );
    expect(first).toEqual({
      source: DEMO,
      error: null,
      answers: [{ from: 'service', record: quote(5), at: 1000 }],
    });
    at(2000);
    const offline = failure('network', 'Could not reach the service');
    const second = await snapshots.fetch('quote', [AAPL, MSFT], () =>
      Promise.resolve(failed(offline)),
    );
    expect(second.error).toBe(offline);
    expect(second.answers).toEqual([
      { from: 'cache', record: quote(5), at: 1000, error: offline },
      { from: null, unknown: false, error: offline },
    ]);
  });

  it('reads and files only the source asked: another source’s snapshot never answers', async () => {
    let source: DataSourceId = DEMO;
    const { snapshots } = service(() => source);
    await snapshots.fetch('quote', [AAPL], () => Promise.resolve(batch({ AAPL: quote(5) })));
    source = LIVE;
    const r = await snapshots.fetch('quote', [AAPL], () =>
      Promise.resolve(failed(failure('network'))),
    );
    expect(r).toMatchObject({ source: LIVE, answers: [{ from: null, unknown: false }] });
  });

  it('never answers an unknown symbol from the cache', async () => {
    const { snapshots } = service();
    await snapshots.fetch('quote', [AAPL, MSFT], () =>
      Promise.resolve(batch({ AAPL: quote(5), MSFT: quote(6) })),
    );
    const unknown = failure('unknown-symbol');
    const whole = await snapshots.fetch('quote', [AAPL], () => Promise.resolve(failed(unknown)));
    expect(whole.answers).toEqual([{ from: null, unknown: true, error: unknown }]);
    const perCode = await snapshots.fetch('quote', [AAPL, MSFT], () =>
      Promise.resolve(batch({}, { missing: ['AAPL'], failed: { MSFT: unknown } })),
    );
    expect(perCode.answers).toEqual([
      { from: null, unknown: true, error: null },
      { from: null, unknown: true, error: unknown },
    ]);
  });

  it('falls back only for the failures `fallback` allows (the command line: offline ones)', async () => {
    const { snapshots } = service();
    await snapshots.fetch('quote', [AAPL, MSFT], () =>
      Promise.resolve(batch({ AAPL: quote(5), MSFT: quote(6) })),
    );
    const refused = failure('http', 'The market data service failed');
    const offline = failure('timeout');
    const r = await snapshots.fetch(
      'quote',
      [AAPL, MSFT],
      () => Promise.resolve(batch({}, { failed: { AAPL: refused, MSFT: offline } })),
      { fallback: isOfflineError },
    );
    expect(r.answers).toEqual([
      { from: null, unknown: false, error: refused },
      { from: 'cache', record: quote(6), at: 1000, error: offline },
    ]);
  });

  it('without a cache (--no-cache) saves nothing and answers only the service', async () => {
    const snapshots = new SnapshotService({ db: null, sourceId: () => DEMO });
    await snapshots.fetch('quote', [AAPL], () => Promise.resolve(batch({ AAPL: quote(5) })));
    const r = await snapshots.fetch('quote', [AAPL], () =>
      Promise.resolve(failed(failure('network'))),
    );
    expect(r.answers).toEqual([{ from: null, unknown: false, error: expect.any(ApiError) }]);
  });
});

describe('SnapshotService on the health model', () => {
  it('sends nothing with a refused token: the snapshot answers with the hold’s words', async () => {
    const health = new HealthService({ now: () => 1000 });
    const { snapshots } = service(() => DEMO, health);
    await snapshots.fetch('quote', [AAPL], () => Promise.resolve(batch({ AAPL: quote(5) })));
    // Recorded: the answer counts for the one health model.
    expect(health.snapshot().state).toBe('live');
    health.record({ kind: 'token-rejected', message: 'refused' });
    const call = vi.fn(() => Promise.resolve(batch({ AAPL: quote(6) })));
    const r = await snapshots.fetch('quote', [AAPL], call);
    expect(call).not.toHaveBeenCalled();
    expect(r.answers).toMatchObject([
      { from: 'cache', record: quote(5), at: 1000, error: { message: TOKEN_REJECTED_MESSAGE } },
    ]);
    health.dispose();
  });

  it('sends nothing, and reads no snapshot, when the source switched during the wait', async () => {
    let now = 1000;
    const health = new HealthService({ now: () => now });
    let source: DataSourceId = DEMO;
    const { snapshots } = service(() => source, health);
    health.record({ kind: 'rate-limited', message: 'slow down', retryAfterMs: 1000 });
    const call = vi.fn(() => Promise.resolve(batch({ AAPL: quote(6) })));
    const pending = snapshots.fetch('quote', [AAPL], call, { maxWaitMs: 5000 });
    source = LIVE;
    now = 1500;
    health.reset();
    const r = await pending;
    expect(call).not.toHaveBeenCalled();
    expect(r).toMatchObject({ source: DEMO, answers: [{ from: null, unknown: false }] });
    expect(r.error).toBeInstanceOf(SourceChangedError);
    health.dispose();
  });
});
