/**
 * Helpers for the simulator's tests and the tests that run against it: a simulator for
 * a block of tests, one GET with its parsed envelope, and field-type checks for every
 * wire record of spec section 2.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from './server';

/**
 * A simulator for the enclosing block (or file): started with `options` before its
 * tests, closed after them. What it returns stands for the running simulator inside
 * the tests (and in `beforeAll` hooks registered after this call).
 */
export function useSimulator(options: SimulatorOptions = {}): SimulatorHandle {
  let sim: SimulatorHandle | undefined;
  beforeAll(async () => {
    sim = await startSimulator(options);
  });
  afterAll(() => sim?.close());
  return new Proxy({} as SimulatorHandle, {
    get(_, key) {
      if (!sim) throw new Error('useSimulator: used outside a test');
      const value: unknown = Reflect.get(sim, key);
      return typeof value === 'function' ? (value as () => unknown).bind(sim) : value;
    },
  });
}

/** An answer: status, headers, raw body, and the parsed body when it is JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: { code: number; msg: string | null; data: unknown } | undefined;
}

/** GETs `base + path` (or another method) and reads the whole answer. */
export async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token !== undefined) headers.token = init.token;
  const res = await fetch(base + path, { method: init.method ?? 'GET', headers });
  const text = await res.text();
  let json: Answer['json'];
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Asserts a success envelope and returns its data. */
export function ok(a: Answer): unknown {
  expect(a.status, a.text).toBe(200);
  expect(a.headers.get('content-type')).toMatch(/^application\/json/);
  expect(a.json?.code).toBe(0);
  expect(a.json?.msg).toBe('ok');
  return a.json?.data;
}

/** Asserts an error envelope of the convention: code = status ≠ 0, readable msg, data null. */
export function failed(a: Answer, status: number, msg: RegExp): void {
  expect(a.status, a.text).toBe(status);
  expect(a.json?.code).toBe(status);
  expect(a.json?.msg).toMatch(msg);
  expect(a.json?.data).toBeNull();
}

function fields(rec: unknown, types: Record<string, string>): void {
  expect(rec).toBeTypeOf('object');
  const r = rec as Record<string, unknown>;
  for (const [key, type] of Object.entries(types)) {
    expect(typeof r[key], `field ${key} of ${JSON.stringify(rec)}`).toBe(type);
  }
}

const QUOTE = {
  s: 'string',
  ld: 'number',
  o: 'number',
  h: 'number',
  l: 'number',
  t: 'number',
  v: 'number',
  tu: 'number',
  ts: 'number',
};

export function expectQuote(rec: unknown, code: string, crypto: boolean): void {
  fields(rec, crypto ? QUOTE : { ...QUOTE, p: 'number', ch: 'number', chp: 'number' });
  expect((rec as { s: string }).s).toBe(code);
  if (crypto) for (const k of ['p', 'ch', 'chp']) expect(rec).not.toHaveProperty(k);
}

export function expectDepth(rec: unknown, code: string): void {
  fields(rec, { s: 'string' });
  const d = rec as { s: string; a: unknown[]; b: unknown[] };
  expect(d.s).toBe(code);
  for (const side of [d.a, d.b]) {
    expect(Array.isArray(side)).toBe(true);
    expect(side.length).toBeGreaterThan(0);
    side.forEach((level, i) => {
      fields(level, { po: 'number', v: 'number', o: 'number' });
      const l = level as { po: number; p?: unknown };
      expect(l.po).toBe(i + 1);
      if ('p' in l) expect(typeof l.p).toBe('number');
    });
  }
}

export function expectKlines(arr: unknown, limit: number): void {
  expect(Array.isArray(arr)).toBe(true);
  const rows = arr as { t: number }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.length).toBeLessThanOrEqual(limit);
  for (const k of rows) {
    fields(k, {
      t: 'number',
      o: 'number',
      h: 'number',
      l: 'number',
      c: 'number',
      v: 'number',
      tu: 'number',
    });
  }
  for (let i = 1; i < rows.length; i++) expect(rows[i]!.t).toBeGreaterThan(rows[i - 1]!.t);
}

export function expectTick(rec: unknown, code: string): void {
  fields(rec, { s: 'string', ld: 'number', t: 'number', v: 'number', tu: 'number', ts: 'number' });
  expect((rec as { s: string }).s).toBe(code);
}

export function expectInfo(rec: unknown, code: string): void {
  fields(rec, {
    c: 'string',
    n: 'string',
    t: 'string',
    e: 'string',
    s: 'string',
    i: 'string',
    r: 'string',
    bd: 'string',
    wu: 'string',
    fcc: 'string',
  });
  for (const k of ['mcb', 'tso', 'pet']) {
    expect(['string', 'number']).toContain(typeof (rec as Record<string, unknown>)[k]);
  }
  expect((rec as { c: string }).c).toBe(code);
}

export function expectNews(result: unknown, limit: number): void {
  const r = result as { data: unknown[]; pagination: Record<string, unknown> };
  expect(Array.isArray(r.data)).toBe(true);
  expect(r.data.length).toBeLessThanOrEqual(limit);
  for (const item of r.data) {
    fields(item, {
      id: 'string',
      te: 'string',
      mt: 'string',
      lg: 'string',
      lk: 'string',
      pv: 'string',
    });
    expect(['string', 'number']).toContain(typeof (item as { pt: unknown }).pt);
  }
  fields(r.pagination, { nextCursor: 'string', hasMore: 'boolean', count: 'number' });
  expect(r.pagination.count).toBe(r.data.length);
}
