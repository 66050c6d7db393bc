/**
 * The market calendar and corporate event readers (docs/api-gaps.md section 10): the
 * documented holiday record and the guessed others, their other spellings, malformed
 * answers, and the client's methods over HTTP: requests, not-entitled, bad input.
 */
import { describe, expect, it } from 'vitest';
import { marketStateAt } from '../../shared/calendar/region-calendar';
import {
  parseSplitRatio,
  readHolidays,
  readIpos,
  readMarketStatus,
  readNewsDetail,
  readSplits,
} from './normalise-market-time';
import { readNewsPage } from './normalise-reference';
import { issueOf, sendJson, testClient, useTestServer } from './test-helpers';

const HK_HOURS = '09:00-09:30,09:30-12:00|13:00-16:00,16:00-16:30';
const hkRow = (d: string, v: string, t = HK_HOURS) => ({
  c: 'HK',
  r: 'Hong Kong',
  d,
  t,
  z: 'Asia/Hong_Kong',
  v,
});

describe('readHolidays', () => {
  it('reads the documented sample into a calendar the market state can be read from', () => {
    const cal = readHolidays([hkRow('2026-01-01', "New Year's Day")], 'HK')!;
    expect(cal.region).toBe('HK');
    expect(cal.timeZone).toBe('Asia/Hong_Kong');
    expect(cal.sessions.filter((s) => s.kind === 'regular')).toHaveLength(2);
    expect(cal.holidays).toEqual([
      { date: '2026-01-01', name: "New Year's Day", earlyClose: null },
    ]);
    const s = marketStateAt(cal, Date.parse('2026-01-01T03:00:00Z'));
    expect(s.state).toBe('holiday');
    expect(new Date(s.nextOpen!).toISOString()).toBe('2026-01-02T01:30:00.000Z');
  });

  it('reads a row with shorter hours as a half day closing at its last session end', () => {
    const cal = readHolidays(
      [
        hkRow('2026-12-25', 'Christmas Day'),
        hkRow('2026-12-24', 'Christmas Eve', '09:00-09:30,09:30-12:00'),
        hkRow('2026-12-28', 'The first weekday after Christmas Day'),
      ],
      'HK',
    )!;
    expect(cal.holidays.map((h) => [h.date, h.earlyClose])).toEqual([
      ['2026-12-24', 720],
      ['2026-12-25', null],
      ['2026-12-28', null],
    ]);
    expect(marketStateAt(cal, Date.parse('2026-12-24T05:00:00Z'))).toMatchObject({
      state: 'closed',
      halfDay: true,
    });
  });

  it('reads an empty list as no calendar, and a wrapped list', () => {
    expect(readHolidays([], 'HK')).toBeNull();
    expect(readHolidays({ list: [hkRow('2026-01-01', 'x')] }, 'HK')?.holidays).toHaveLength(1);
  });

  it('refuses rows it cannot read, naming the field', () => {
    expect(issueOf(() => readHolidays([hkRow('2026-02-30', 'x')], 'HK')).field).toBe('data[0].d');
    expect(issueOf(() => readHolidays([hkRow('2026-01-01', 'x', '9-12')], 'HK')).field).toBe(
      'data[0].t',
    );
    expect(issueOf(() => readHolidays([{ ...hkRow('2026-01-01', 'x'), z: '' }], 'HK')).field).toBe(
      'data[0].z',
    );
    expect(issueOf(() => readHolidays({ code: 1 }, 'HK')).field).toBe('data');
    expect(issueOf(() => readHolidays([42], 'HK')).field).toBe('data[0]');
  });
});

describe('readMarketStatus', () => {
  const base = {
    c: 'US',
    r: 'United States',
    o: false,
    s: 'closed',
    hd: false,
    v: '',
    t: '04:00-09:30,09:30-16:00,16:00-20:00',
    z: 'America/New_York',
    lt: '2026-11-28 10:00:00',
  };

  it('reads the simulator’s record and other spellings of the states', () => {
    expect(readMarketStatus(base, 'US')).toEqual({
      region: 'US',
      regionName: 'United States',
      state: 'closed',
      open: false,
      halfDay: false,
      holiday: null,
      tradingHours: base.t,
      timeZone: 'America/New_York',
      localTime: '2026-11-28 10:00:00',
    });
    for (const [word, state] of [
      ['PRE_MARKET', 'pre-market'],
      ['LunchBreak', 'lunch-break'],
      ['after-hours', 'post-market'],
      ['Holiday', 'holiday'],
      ['weekend', 'weekend'],
    ] as const) {
      expect(readMarketStatus({ ...base, s: word }, 'US').state).toBe(state);
    }
  });

  it('reads the service’s "half day" state as open or closed by its flag, flagged half day', () => {
    expect(readMarketStatus({ ...base, s: 'half day', o: true }, 'US')).toMatchObject({
      state: 'open',
      halfDay: true,
    });
    expect(readMarketStatus({ ...base, s: 'HALF_DAY', o: false }, 'US')).toMatchObject({
      state: 'closed',
      halfDay: true,
    });
    const spelled = readMarketStatus(
      { status: 'open', isOpen: true, timeZone: 'Asia/Tokyo', holiday: 'x' },
      'JP',
    );
    expect(spelled).toMatchObject({
      region: 'JP',
      state: 'open',
      holiday: 'x',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('refuses an unknown state, a missing time zone, bad hours and a bad flag', () => {
    expect(issueOf(() => readMarketStatus({ ...base, s: 'sleeping' }, 'US')).problem).toMatch(
      /must be one of pre-market, open, lunch-break/,
    );
    expect(issueOf(() => readMarketStatus({ ...base, s: 3 }, 'US')).field).toBe('s');
    expect(issueOf(() => readMarketStatus({ ...base, z: '' }, 'US')).field).toBe('z');
    expect(issueOf(() => readMarketStatus({ ...base, t: '25:00-26:00' }, 'US')).field).toBe('t');
    expect(issueOf(() => readMarketStatus({ ...base, o: 'maybe' }, 'US')).field).toBe('o');
    expect(issueOf(() => readMarketStatus([], 'US')).field).toBe('(record)');
  });
});

describe('readSplits and parseSplitRatio', () => {
  it('parses ratios old:new and refuses the rest', () => {
    expect(parseSplitRatio('1:10')).toEqual({ from: 1, to: 10 });
    expect(parseSplitRatio(' 20 : 1 ')).toEqual({ from: 20, to: 1 });
    expect(parseSplitRatio('2/3')).toEqual({ from: 2, to: 3 });
    expect(parseSplitRatio('1:1.5')).toEqual({ from: 1, to: 1.5 });
    for (const bad of ['', '10', '1:0', '0:1', '-1:2', '1:1', 'a:b', '1:10:2', '1e3:1']) {
      expect(parseSplitRatio(bad)).toBeNull();
    }
  });

  it('reads the simulator’s rows, seconds as well as ms, a wrapped page', () => {
    const row = {
      d: Date.parse('2024-06-10T00:00:00Z'),
      r: 'US',
      n: 'NVIDIA',
      c: 'NVDA',
      v: '1:10',
    };
    expect(readSplits([row], 'US')).toEqual([
      { date: row.d, region: 'US', code: 'NVDA', name: 'NVIDIA', ratio: '1:10', from: 1, to: 10 },
    ]);
    expect(readSplits({ content: [{ ...row, d: row.d / 1000 }] }, 'US')[0]!.date).toBe(row.d);
    expect(
      readSplits([{ date: '2024-06-10', symbol: 'NVDA', ratio: '1:10' }], 'US')[0],
    ).toMatchObject({ date: row.d, code: 'NVDA', region: 'US' });
  });

  it('refuses a bad ratio, a missing code or date', () => {
    const row = { d: 1718000000000, c: 'NVDA', v: '1:10' };
    const bad = issueOf(() => readSplits([row, { ...row, v: '10-for-1' }], 'US'));
    expect(bad.field).toBe('data[1].v');
    expect(bad.problem).toMatch(/split ratio such as 1:10, got "10-for-1"/);
    expect(issueOf(() => readSplits([{ ...row, v: '0:5' }], 'US')).field).toBe('data[0].v');
    expect(issueOf(() => readSplits([{ ...row, c: '' }], 'US')).field).toBe('data[0].c');
    expect(issueOf(() => readSplits([{ ...row, d: undefined }], 'US')).field).toBe('data[0].d');
    expect(issueOf(() => readSplits([{ ...row, d: 'soon' }], 'US')).field).toBe('data[0].d');
  });
});

describe('readIpos', () => {
  it('reads figures and dates, a price range as text only', () => {
    const [a, b] = readIpos(
      [
        {
          dt: 1767225600000,
          cn: 'Acme',
          sc: 'ACME',
          ex: 'NASDAQ',
          mc: '1,200,000,000',
          pr: 21.5,
          ct: 'US',
          bs: 0,
          es: '',
          ad: 1767139200,
        },
        { sc: 'BETA', cn: 'Beta', pr: '10.00-12.00' },
      ],
      'US',
    );
    expect(a).toMatchObject({
      code: 'ACME',
      company: 'Acme',
      region: 'US',
      listingDate: 1767225600000,
      marketCap: 1.2e9,
      price: 21.5,
      priceText: '21.5',
      subscriptionStart: null,
      subscriptionEnd: null,
      allotmentDate: 1767139200000,
    });
    expect(b).toMatchObject({ price: null, priceText: '10.00-12.00', listingDate: null });
  });

  it('refuses a record without a code and figures that are not numbers', () => {
    expect(issueOf(() => readIpos([{ cn: 'x' }], 'US')).field).toBe('data[0].sc');
    expect(issueOf(() => readIpos([{ sc: 'X', mc: 'big' }], 'US')).field).toBe('data[0].mc');
    expect(issueOf(() => readIpos([{ sc: 'X', pr: {} }], 'US')).field).toBe('data[0].pr');
  });
});

describe('news detail and the instruments of news items', () => {
  const item = {
    id: 'n1',
    te: 'NVIDIA splits',
    pt: 1718000000,
    mt: 'stock',
    lg: 'en',
    lk: 'https://x',
    pv: 'wire',
  };

  it('reads tags, markets and instruments', () => {
    const d = readNewsDetail(
      {
        ...item,
        ct: 'Body',
        tg: ['split', 'AI'],
        mk: ['us'],
        sy: ['NVDA.US', '700.hk', 'BRK.B.US'],
      },
      'n1',
    );
    expect(d).toMatchObject({
      id: 'n1',
      title: 'NVIDIA splits',
      body: 'Body',
      tags: ['split', 'AI'],
      markets: ['US'],
    });
    expect(d.instruments).toEqual([
      { code: 'NVDA', region: 'US' },
      { code: '700', region: 'HK' },
      { code: 'BRK.B', region: 'US' },
    ]);
    expect(readNewsDetail({ ...item, tags: 'a, b', symbols: 'AAPL.US' }, 'n1')).toMatchObject({
      tags: ['a', 'b'],
      instruments: [{ code: 'AAPL', region: 'US' }],
    });
  });

  it('refuses an instrument that is not CODE.REGION and tags that are not strings', () => {
    expect(issueOf(() => readNewsDetail({ ...item, sy: ['NVDA'] }, 'n1')).field).toBe('sy[0]');
    expect(issueOf(() => readNewsDetail({ ...item, tg: [1] }, 'n1')).field).toBe('tg');
    expect(issueOf(() => readNewsDetail({ ...item, pt: 'never' }, 'n1')).field).toBe('[0].pt');
  });

  it('a list item carries its instruments only when its record names them', () => {
    const page = readNewsPage([item, { ...item, id: 'n2', sy: ['NVDA.US', 'junk'] }]);
    expect(page.items[0]!.instruments).toBeUndefined();
    expect(page.items[1]!.instruments).toEqual([{ code: 'NVDA', region: 'US' }]);
  });
});

describe('MarketClient market-time methods over HTTP', () => {
  const server = useTestServer();

  it('asks the documented paths and parameters', async () => {
    server.handle((_req, res) => sendJson(res, '{"code":0,"msg":"ok","data":[]}'));
    const c = testClient(server.url);
    expect(await c.holidays('HK')).toEqual({ ok: true, value: null });
    expect(await c.splits('US')).toEqual({ ok: true, value: [] });
    expect(await c.ipos('recent', 'HK')).toEqual({ ok: true, value: [] });
    expect(server.seen.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      '/symbol/v2/holidays?code=HK',
      '/stock/split?region=US',
      '/stock/ipo?type=recent&region=HK',
    ]);
  });

  it('reads a status and a news detail; a market outside the plan is not-entitled', async () => {
    server.handle((req, res) => {
      if (req.path === '/market/status') sendJson(res, '{"code":0,"msg":"ok","data":null}');
      else
        sendJson(
          res,
          JSON.stringify({ code: 0, msg: 'ok', data: { id: 'a/b', te: 't', pt: 1, tg: ['x'] } }),
        );
    });
    const c = testClient(server.url);
    const status = await c.marketStatus('JP');
    expect(!status.ok && status.error.kind).toBe('not-entitled');
    const detail = await c.newsDetail('a/b');
    expect(detail.ok && detail.value.tags).toEqual(['x']);
    expect(server.seen[1]!.path).toBe('/news/a%2Fb');
  });

  it('refuses bad input without sending, and a malformed answer as a schema error', async () => {
    server.handle((_req, res) =>
      sendJson(res, '{"code":0,"msg":"ok","data":[{"c":"X","d":1,"v":"ten"}]}'),
    );
    const c = testClient(server.url);
    for (const r of [
      await c.splits('us'),
      await c.ipos('soon' as never, 'US'),
      await c.newsDetail(' '),
    ]) {
      expect(!r.ok && r.error.kind).toBe('invalid-request');
    }
    expect(server.seen).toHaveLength(0);
    const bad = await c.splits('US');
    expect(!bad.ok && bad.error.kind).toBe('schema');
    expect(!bad.ok && bad.error.message).toMatch(
      /splits: field "data\[0\]\.v" must be a split ratio/,
    );
  });
});
