import { describe, expect, it } from 'vitest';
import { readNewsPage, readStockInfo } from './normalise-reference';
import { issueOf } from './test-helpers';
import { newsItem, newsNested, stockInfoAAPL, stockInfoRecordAAPL } from './fixtures/samples';

describe('readStockInfo', () => {
  it('maps the sample (figures as numbers)', () => {
    expect(readStockInfo(stockInfoAAPL, 'AAPL')).toEqual(stockInfoRecordAAPL);
  });

  it('reads figures sent as strings, and unreadable ones as null', () => {
    const info = readStockInfo(
      { ...stockInfoAAPL, mcb: '1.2e12', tso: '15,115,823,000', pet: '37.27' },
      'AAPL',
    );
    expect([info.marketCap, info.sharesOutstanding, info.peRatio]).toEqual([
      1.2e12, 15115823000, 37.27,
    ]);
    for (const blank of ['', '-', 'N/A', 'abc', null, undefined, '1e999']) {
      const r = readStockInfo({ ...stockInfoAAPL, mcb: blank, tso: blank, pet: blank }, 'AAPL');
      expect([r.marketCap, r.sharesOutstanding, r.peRatio]).toEqual([null, null, null]);
    }
  });

  it('fills absent text with "" and an absent code with the requested one', () => {
    const info = readStockInfo({ n: 'Apple' }, 'AAPL');
    expect(info.marketCap).toBeNull();
    expect(info.code).toBe('AAPL');
    expect(info.website).toBe('');
  });

  it('names a field that is not text', () => {
    const issue = issueOf(() => readStockInfo({ ...stockInfoAAPL, n: { x: 1 } }, 'AAPL'));
    expect(issue.field).toBe('n');
    expect(issue.problem).toBe('must be a string, got an object');
  });
});

describe('readNewsPage', () => {
  it('reads the nested sample, pt seconds → ms', () => {
    expect(readNewsPage(newsNested)).toEqual({
      items: [
        {
          id: newsItem.id,
          title: newsItem.te,
          publishedAt: 1731689407000,
          market: 'stock',
          language: 'hk',
          link: 'https://example.com/news/1',
          provider: 'Example Wire',
        },
      ],
      nextCursor: '2024-11-15T16:50:07.123456789Z',
      hasMore: true,
      count: 1,
    });
  });

  it('reads a bare array with no pagination', () => {
    const page = readNewsPage([newsItem, { ...newsItem, id: 'b' }]);
    expect(page.items).toHaveLength(2);
    expect(page).toMatchObject({ nextCursor: null, hasMore: false, count: 2 });
  });

  it.each([
    [1731689407, 1731689407000],
    [1731689407123, 1731689407123],
    ['1731689407', 1731689407000],
    ['1731689407123', 1731689407123],
    ['2024-11-15T16:50:07Z', 1731689407000],
  ])('reads pt %j as %d ms', (pt, ms) => {
    expect(readNewsPage([{ ...newsItem, pt }]).items[0]!.publishedAt).toBe(ms);
  });

  it('names the item and field of a bad pt', () => {
    const issue = issueOf(() =>
      readNewsPage({ data: [newsItem, { ...newsItem, pt: 'yesterday' }] }),
    );
    expect(issue.field).toBe('data[1].pt');
    expect(issue.problem).toBe('must be a Unix time, got "yesterday"');
    expect(issueOf(() => readNewsPage([{ ...newsItem, pt: null }])).field).toBe('[0].pt');
  });
});
