import { describe, expect, it } from 'vitest';
import { deepLinkArgument, deepLinkQuery, parseDeepLink } from './deep-link';

describe('parseDeepLink', () => {
  it('takes a symbol link and a chart link with an interval', () => {
    expect(parseDeepLink('marketdesk://symbol/AAPL.US')).toEqual({
      ok: true,
      link: { view: 'symbol', code: 'AAPL', region: 'US', kType: null },
    });
    expect(parseDeepLink('marketdesk://chart/aapl.us?interval=1h')).toEqual({
      ok: true,
      link: { view: 'chart', code: 'AAPL', region: 'US', kType: 5 },
    });
    expect(parseDeepLink('marketdesk://chart/BTCUSDT.BA?interval=1M')).toMatchObject({
      ok: true,
      link: { kType: 10 },
    });
    // Canonical codes, as everywhere: HK's leading zeros go; a trailing slash is fine.
    expect(parseDeepLink('marketdesk://symbol/00700.HK/')).toMatchObject({
      ok: true,
      link: { code: '700', region: 'HK' },
    });
    // The code shape is the app's one (shared/model/symbols): up to 32 characters.
    expect(parseDeepLink(`marketdesk://symbol/${'A'.repeat(32)}.US`)).toMatchObject({ ok: true });
  });

  it.each([
    ['https://symbol/AAPL.US', /not a marketdesk: link/],
    ['marketdesk://order/AAPL.US', /unknown link "order"/],
    ['marketdesk://symbol/AAPL', /CODE.REGION/],
    ['marketdesk://symbol/AAPL.USA', /CODE.REGION/],
    ['marketdesk://symbol/AAPL.US/extra', /one symbol/],
    ['marketdesk://symbol/', /one symbol/],
    ['marketdesk://symbol/%3Cscript%3E.US', /CODE.REGION/],
    [`marketdesk://symbol/${'A'.repeat(33)}.US`, /CODE.REGION/],
    ['marketdesk://symbol/A%ZZ.US', /malformed escape/],
    ['marketdesk://symbol/AAPL.US?interval=1h', /unexpected parameter "interval"/],
    ['marketdesk://chart/AAPL.US?interval=1h&interval=1d', /unexpected parameter/],
    ['marketdesk://chart/AAPL.US?foo=1', /unexpected parameter "foo"/],
    ['marketdesk://chart/AAPL.US?interval=7y', /unknown interval "7y"/],
    ['marketdesk://user:pw@symbol/AAPL.US', /user, port or fragment/],
    ['marketdesk://symbol:8080/AAPL.US', /user, port or fragment/],
    ['marketdesk://symbol/AAPL.US#x', /user, port or fragment/],
    [`marketdesk://symbol/${'A'.repeat(300)}.US`, /longer than/],
    ['not a url', /not a link/],
  ])('refuses %s', (link, reason) => {
    const parsed = parseDeepLink(link);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});

describe('deepLinkArgument and deepLinkQuery', () => {
  it('finds the link among a second launch’s arguments', () => {
    expect(
      deepLinkArgument([
        '/opt/Marketdesk/marketdesk',
        '--no-sandbox',
        'marketdesk://symbol/AAPL.US',
      ]),
    ).toBe('marketdesk://symbol/AAPL.US');
    expect(deepLinkArgument(['/opt/Marketdesk/marketdesk'])).toBeNull();
  });

  it('words a link as the palette reads it', () => {
    expect(deepLinkQuery({ view: 'symbol', code: 'AAPL', region: 'US', kType: null })).toBe(
      'AAPL US',
    );
    expect(deepLinkQuery({ view: 'chart', code: '700', region: 'HK', kType: 8 })).toBe(
      '700 HK chart 1d',
    );
  });
});
