import { describe, expect, it } from 'vitest';
import type { DeepLink } from '../shared/deep-link';
import { DeepLinkRouter } from './deep-links';

describe('DeepLinkRouter', () => {
  it('keeps the latest link opened before the shell is up and delivers it on attach', () => {
    const logged: string[] = [];
    const router = new DeepLinkRouter((line) => logged.push(line));
    expect(router.open('marketdesk://symbol/MSFT.US')).toBe(true);
    expect(router.open('marketdesk://chart/AAPL.US?interval=1d')).toBe(true);
    const delivered: DeepLink[] = [];
    router.attach((link) => delivered.push(link));
    expect(delivered).toEqual([{ view: 'chart', code: 'AAPL', region: 'US', kType: 8 }]);
    router.open('marketdesk://symbol/700.HK');
    expect(delivered).toHaveLength(2);
    expect(logged).toEqual([]);
  });

  it('refuses a bad link with the reason, delivering nothing', () => {
    const logged: string[] = [];
    const router = new DeepLinkRouter((line) => logged.push(line));
    const delivered: DeepLink[] = [];
    router.attach((link) => delivered.push(link));
    expect(router.open('marketdesk://symbol/<img src=x>.US')).toBe(false);
    expect(delivered).toEqual([]);
    expect(logged).toEqual([
      'marketdesk: link refused: the symbol is CODE.REGION, a code of letters and digits and a two-letter region',
    ]);
  });
});
