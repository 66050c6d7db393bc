/**
 * The standing abuse suite, bridge side, over real services in demo mode (the
 * in-process simulator on loopback):
 *
 * - Argument fuzzing: every command, from a valid argument object, with every field
 *   (and the object itself) replaced by wrong types, huge values, `__proto__` and
 *   `constructor` keys, deep nesting and huge arrays — answered without one `internal`
 *   error, without a stack, without echoing a huge value, and without polluting a
 *   prototype.
 * - A subscription flood: one client asks for 300 subscriptions of 500 codes; it is
 *   answered every time — within the per-client caps, then refused with a message a
 *   person can act on — while another client's commands are answered, and closing the
 *   flooding client leaves nothing behind in the feed hub. Counts, not times: the
 *   timings are `npm run bench -- flood`.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeResponse, CommandName, SubscriptionSpec } from '../../shared/bridge';
import { COMMAND_NAMES } from '../../shared/bridge';
import type { SeriesKey } from '../../shared/model';
import { MAX_CODES, MAX_CODES_PER_CLIENT, MAX_SUBSCRIPTIONS_PER_CLIENT } from './schemas';
import { AAPL, TREND } from '../drawings/testing/fixtures';
import { bridgeEachTest, type TestBridge } from './test-bridge';

const SERIES: SeriesKey = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 };

/** A valid argument object of every command: the fuzzer's starting points. */
const VALID: Record<CommandName, Record<string, unknown>> = {
  subscribe: {
    spec: { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
  },
  unsubscribe: { subscriptionId: 'sub-1' },
  loadCandles: { series: SERIES, limit: 5, before: 1_700_000_000_000 },
  loadNews: { market: 'stock', lang: 'en', limit: 5, cursor: 'abc' },
  getInfo: { region: 'US', exchange: '', code: 'AAPL' },
  checkSymbol: { symbol: { class: 'stock', region: 'us', exchange: '', code: 'aapl' } },
  searchSymbols: { query: { text: 'tencent', class: 'stock', region: 'hk', limit: 5 } },
  setToken: { token: 'demo-token' },
  clearToken: {},
  getStatus: {},
  getFeedPlan: {},
  testConnection: {},
  getSettings: {},
  setSettings: { patch: { intervals: { quotes: 1000 } } },
  setAutoUpdate: { enabled: false },
  openExternal: { url: 'https://example.com/' },
  popOut: { paneId: 'pane-1', title: 'Quotes', width: 800, height: 600 },
  setVisibility: { visible: true },
  setFocus: { instrument: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } },
  saveFile: { name: 'list.csv', type: 'text/csv', text: 'a,b\n' },
  loadWorkspace: {},
  saveWorkspace: { document: { version: 1, data: { layouts: [] } } },
  listAlerts: {},
  createAlert: {
    draft: {
      instrument: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
      condition: { kind: 'crosses', price: 90_000 },
      repeat: 'once',
    },
  },
  updateAlert: { id: 'alert-1', change: { state: 'paused' } },
  deleteAlert: { id: 'alert-1' },
  loadDrawings: { instrument: AAPL },
  saveDrawing: { instrument: AAPL, drawing: TREND },
  deleteDrawing: { instrument: AAPL, id: TREND.id },
  loadRegionEvents: { region: 'US', kinds: ['splits', 'holidays'] },
  loadChartEvents: { instrument: AAPL, from: 0, to: 1_700_000_000_000 },
  getRecording: {},
  setRecorded: { instrument: AAPL, on: false },
  replaySpans: {},
  replayStart: { from: 0, to: 1_700_000_000_000, instrument: AAPL, speed: 10 },
  replayControl: { speed: 2, paused: true },
  replayStop: {},
  getReplay: {},
  loadDepthHistory: { instrument: AAPL, from: 0, to: 60_000, bucketMs: 1_000 },
  loadTrades: { region: 'BA', codes: ['BTCUSDT'], limit: 200 },
};

/** `depth` nested arrays: a parser or validator that recurses would overflow its stack. */
function deep(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { a: v };
  return v;
}

/** Hostile values, as a JSON frame or an IPC message can carry them. */
const HOSTILE: [string, () => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['true', () => true],
  ['zero', () => 0],
  ['negative', () => -1],
  ['fraction', () => 0.5],
  ['NaN', () => Number.NaN],
  ['Infinity', () => Number.POSITIVE_INFINITY],
  ['huge number', () => 1e308],
  ['unsafe integer', () => 2 ** 60],
  ['empty string', () => ''],
  ['huge string', () => 'A'.repeat(1_000_000)],
  ['control characters', () => '\u0000\u202e\n<script>'],
  ['empty array', () => []],
  ['huge array', () => Array.from({ length: 100_000 }, (_, i) => `C${i}`)],
  ['empty object', () => ({})],
  ['__proto__ key', () => JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as unknown],
  ['constructor key', () => ({ constructor: { prototype: { polluted: true } } })],
  ['deep nesting', () => deep(100_000)],
];

/** Every way of spoiling `valid`: the whole object, each field (replaced or removed), an extra `__proto__`. */
function* mutations(valid: Record<string, unknown>): Generator<[string, unknown]> {
  for (const [label, make] of HOSTILE) yield [`args = ${label}`, make()];
  yield* fieldMutations(valid, 'args');
  yield ['args + __proto__', JSON.parse(`{"__proto__": {"polluted": true}}`) as unknown];
}

function* fieldMutations(
  obj: Record<string, unknown>,
  path: string,
): Generator<[string, Record<string, unknown>]> {
  for (const key of Object.keys(obj)) {
    for (const [label, make] of HOSTILE)
      yield [`${path}.${key} = ${label}`, { ...obj, [key]: make() }];
    const { [key]: _removed, ...rest } = obj;
    yield [`${path}.${key} removed`, rest];
    const value = obj[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [label, inner] of fieldMutations(
        value as Record<string, unknown>,
        `${path}.${key}`,
      )) {
        yield [label, { ...obj, [key]: inner }];
      }
    }
  }
  const polluted = JSON.parse(JSON.stringify(obj)) as Record<string, unknown>;
  Object.defineProperty(polluted, '__proto__', {
    value: { polluted: true },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  yield [`${path} + own __proto__`, polluted];
}

let t: TestBridge;
bridgeEachTest((bridge) => (t = bridge));

describe('argument fuzzing over every command', () => {
  it('answers every spoiled argument without an internal error, a stack or an echo', async () => {
    const c = t.client();
    const codes = new Map<string, number>();
    let calls = 0;
    for (const name of COMMAND_NAMES) {
      for (const [label, args] of mutations(VALID[name])) {
        const response: BridgeResponse<unknown> = await c.call(name, args);
        calls++;
        const code = response.ok ? 'ok' : response.error.code;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        if (response.ok) continue;
        const { message } = response.error;
        expect(code, `${name} ${label}: ${message}`).not.toBe('internal');
        expect(message, `${name} ${label}`).not.toMatch(/\n\s+at |node:internal|\.ts:\d+/);
        // A refusal names the field; it never carries the huge value back.
        expect(message.length, `${name} ${label}`).toBeLessThan(2_000);
      }
    }
    // Names outside the contract, prototype names included.
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty', 'toString', '', 7, null]) {
      const r = await c.call(name, {});
      expect(r, String(name)).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
    }
    expect(calls).toBeGreaterThan(1_000);
    expect(codes.get('internal') ?? 0).toBe(0);
    expect(codes.get('bad-argument')).toBeGreaterThan(calls / 2);
    // Nothing reached a prototype.
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // And the bridge still works.
    expect(await c.call('getStatus', {})).toMatchObject({ ok: true });
  }, 60_000);
});

/** 500 distinct codes (the most one subscription may carry), different for each `i`. */
const floodSpec = (i: number): SubscriptionSpec => ({
  kind: 'quotes',
  class: 'stock',
  region: 'US',
  exchange: '',
  codes: Array.from({ length: MAX_CODES }, (_, j) => `F${i}X${j}`),
});

describe('a subscription flood', () => {
  it('takes one client up to its caps, refuses the rest clearly, and leaves nothing when it goes', async () => {
    const flood = t.client();
    const other = t.client();
    const mine = await other.call('subscribe', {
      spec: { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
    });
    expect(mine.ok).toBe(true);
    const before = t.services.hub.counts();

    // 300 × 500 codes sent at once, the other client asking its status all along.
    const floods = Array.from({ length: 300 }, (_, i) =>
      flood.call('subscribe', { spec: floodSpec(i) }),
    );
    const statuses = Array.from({ length: 30 }, () => other.call('getStatus', {}));
    const answers = await Promise.all(floods);
    for (const s of await Promise.all(statuses)) expect(s.ok).toBe(true);

    const accepted = answers.filter((a) => a.ok).length;
    const refused = answers.filter((a) => !a.ok);
    expect(accepted).toBe(Math.min(MAX_SUBSCRIPTIONS_PER_CLIENT, MAX_CODES_PER_CLIENT / MAX_CODES));
    expect(refused).toHaveLength(300 - accepted);
    for (const r of refused) {
      expect(r).toMatchObject({
        ok: false,
        error: {
          code: 'bad-argument',
          message: expect.stringMatching(
            /^subscribe: this window already follows 10,000 symbols .*most one window may follow \(10,000\); remove symbols/,
          ),
        },
      });
    }
    // The hub holds exactly what was accepted, nothing of what was refused.
    expect(t.services.hub.counts()).toEqual({
      subscriptions: before.subscriptions + accepted,
      groups: before.groups,
      codes: before.codes + accepted * MAX_CODES,
    });

    // Unsubscribing frees the quota: one more fits.
    const firstId = (answers.find((a) => a.ok) as { value: { subscriptionId: string } }).value
      .subscriptionId;
    expect(await flood.call('unsubscribe', { subscriptionId: firstId })).toMatchObject({
      ok: true,
    });
    expect(await flood.call('subscribe', { spec: floodSpec(1_000) })).toMatchObject({ ok: true });

    // The socket goes: one teardown, and the hub is back to the other client's holdings.
    flood.connection.close();
    expect(t.services.hub.counts()).toEqual(before);
    expect(await other.call('getStatus', {})).toMatchObject({ ok: true });
  }, 60_000);

  it('caps subscriptions per client too, however few codes each has', async () => {
    const c = t.client();
    const spec = (i: number): SubscriptionSpec => ({
      kind: 'candles',
      series: { ...SERIES, code: `S${i}` },
    });
    const answers = await Promise.all(
      Array.from({ length: MAX_SUBSCRIPTIONS_PER_CLIENT + 10 }, (_, i) =>
        c.call('subscribe', { spec: spec(i) }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_SUBSCRIPTIONS_PER_CLIENT);
    expect(answers.at(-1)).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        message: expect.stringMatching(/^subscribe: this window already has 256 subscriptions/),
      },
    });
    // Another window has its own quota.
    expect(await t.client().call('subscribe', { spec: spec(0) })).toMatchObject({ ok: true });
  }, 30_000);
});
