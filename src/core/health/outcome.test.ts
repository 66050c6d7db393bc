/**
 * The one classification of failures: the client's own errors (as the transport builds
 * them from real statuses and envelopes) and look-alikes thrown by cache sources.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { envelopeError, httpError, networkError, timeoutError } from '../api/http-errors';
import { tooLargeError } from '../api/transport';
import { batchOutcome, classify, outcomeOf } from './outcome';

const api = (
  kind: ApiError['kind'],
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) => new ApiError({ kind, operation: 'stockQuotes', message: `${kind} failed`, ...extra });

describe('classify', () => {
  it('reads the transport errors of each status the way the health model needs', () => {
    expect(classify(httpError('stockQuotes', '/stock/quotes', 401, '', null))).toMatchObject({
      kind: 'token-rejected',
    });
    expect(classify(envelopeError('stockQuotes', 2, 'E002 token invalid'))).toMatchObject({
      kind: 'token-rejected',
    });
    expect(classify(httpError('stockQuotes', '/stock/quotes', 429, '', 45_000))).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 45_000,
    });
    const noRetryAfter = classify(httpError('stockQuotes', '/stock/quotes', 429, '', null));
    expect(noRetryAfter).toMatchObject({ kind: 'rate-limited' });
    expect(noRetryAfter).not.toHaveProperty('retryAfterMs');
    expect(classify(httpError('stockQuotes', '/stock/quotes', 503, '', null))).toMatchObject({
      kind: 'failed',
    });
    expect(classify(timeoutError('stockQuotes', 'https://api.example', 10_000))).toMatchObject({
      kind: 'unreachable',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classify(networkError('stockQuotes', 'https://api.example', refused))).toMatchObject({
      kind: 'unreachable',
    });
    // An answer cut off at the size limit: the service answered, the request failed.
    expect(
      classify(tooLargeError('stockQuotes', 'https://api.example', 32 * 1024 * 1024, null)),
    ).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^Response too large/) });
  });

  it('keeps the message, names plan and symbol refusals, and ignores cancellations', () => {
    expect(classify(api('not-entitled'))).toEqual({
      kind: 'not-in-plan',
      message: 'not-entitled failed',
    });
    expect(classify({ kind: 'unknown-symbol', message: 'E001 not found' })).toMatchObject({
      kind: 'unknown-symbol',
    });
    expect(classify(api('schema'))).toMatchObject({ kind: 'failed' });
    expect(classify(api('aborted'))).toBeNull();
    expect(classify(new DOMException('gone', 'AbortError'))).toBeNull();
  });

  it('takes a custom offline predicate and plain errors', () => {
    const planeMode = (e: unknown) => (e as Error).message === 'plane mode';
    expect(classify(new Error('plane mode'), planeMode)).toMatchObject({ kind: 'unreachable' });
    expect(classify(new Error('boom'))).toEqual({ kind: 'failed', message: 'boom' });
  });

  it('reads Result-shaped answers', () => {
    expect(outcomeOf({ ok: true })).toEqual({ kind: 'success' });
    expect(outcomeOf({ ok: false, error: api('auth') })).toMatchObject({ kind: 'token-rejected' });
  });
});

describe('batchOutcome', () => {
  it('is a success when codes are merely missing, not in plan or unreadable', () => {
    const unreadable = api('schema', { symbol: 'X' });
    expect(
      batchOutcome({
        data: { A: 1 },
        missing: ['ZZZZ'],
        failed: { X: unreadable, Y: api('not-entitled') },
      }),
    ).toEqual({ kind: 'success' });
  });

  it('takes the worst failing chunk, and an unreachable chunk beside answers as a failure', () => {
    const down = api('network');
    expect(batchOutcome({ data: { A: 1 }, missing: [], failed: { B: down, C: down } })).toEqual({
      kind: 'failed',
      message: 'network failed',
    });
    expect(
      batchOutcome({
        data: { A: 1 },
        missing: [],
        failed: { B: api('http', { status: 500 }), C: api('rate-limited', { retryAfterMs: 5 }) },
      }),
    ).toMatchObject({ kind: 'rate-limited', retryAfterMs: 5 });
  });
});
