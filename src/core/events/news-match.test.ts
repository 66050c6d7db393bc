import { describe, expect, it } from 'vitest';
import { namedKey, newsMatcher } from './news-match';

const apple = newsMatcher({
  class: 'stock',
  region: 'US',
  code: 'AAPL',
  names: ['Apple Inc.', '苹果'],
});
const item = (title: string, market = 'stock') => ({ title, market });

describe('news about an instrument', () => {
  it('matches the full name, the short name and the code as words', () => {
    expect(apple.matches(item('Apple Inc. rises 2.10% as investors weigh trade data'))).toBe(true);
    expect(apple.matches(item('Analysts turn cautious on Apple ahead of earnings'))).toBe(true);
    expect(apple.matches(item('AAPL hits a one-month high'))).toBe(true);
    expect(apple.matches(item('Traders pile into (AAPL) after results'))).toBe(true);
  });

  it('does not match a name or code inside another word', () => {
    expect(apple.matches(item('Pineapple growers weigh trade data'))).toBe(false);
    expect(apple.matches(item('Applebee’s falls 1%'))).toBe(false);
    expect(apple.matches(item('AAPLX fund steadies'))).toBe(false);
  });

  it('matches a Chinese name anywhere in a Chinese headline', () => {
    expect(apple.matches(item('苹果上涨2.10%，投资者关注利率前景'))).toBe(true);
  });

  it('reads only the instrument’s own news market', () => {
    expect(apple.matches(item('Apple Inc. rises 2%', 'crypto'))).toBe(false);
  });

  it('lets a cached detail decide over the headline', () => {
    const aboutApple = new Set([namedKey('us', 'aapl')]);
    const aboutTesla = new Set([namedKey('US', 'TSLA')]);
    expect(apple.matches(item('Big tech steadies'), aboutApple)).toBe(true);
    expect(apple.matches(item('Apple supplier Tesla deal'), aboutTesla)).toBe(false);
    // An empty detail names nobody: the headline decides.
    expect(apple.matches(item('Apple Inc. rises'), new Set())).toBe(true);
  });

  it('never matches a number code as a word (headlines are full of numbers)', () => {
    const tencent = newsMatcher({
      class: 'stock',
      region: 'HK',
      code: '700',
      names: ['Tencent Holdings Ltd.'],
    });
    expect(tencent.matches(item('Index rises 700 points'))).toBe(false);
    expect(tencent.matches(item('Tencent falls 1.2% amid regulatory news'))).toBe(true);
    expect(tencent.matches(item('Tencent Holdings Ltd. steadies'))).toBe(true);
  });

  it('keeps a short name of at least three letters', () => {
    const sse = newsMatcher({ class: 'stock', region: 'GB', code: 'SSE', names: ['SSE plc'] });
    expect(sse.matches(item('SSE plc rises 1%'))).toBe(true);
    expect(sse.matches(item('SSE falls'))).toBe(true);
    const hp = newsMatcher({ class: 'stock', region: 'US', code: 'HP', names: ['HP Inc.'] });
    // "HP" alone is too short a name to look for; the code (two capitals) still is.
    expect(hp.matches(item('HP Inc. steadies'))).toBe(true);
  });
});
