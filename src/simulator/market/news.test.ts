import { describe, expect, it } from 'vitest';
import type { WireNewsItem } from '../../shared/api/wire';
import { isNewsCursor, NEWS_HISTORY_SECONDS, SyntheticMarket } from './synthetic-market';

const NOW = Date.parse('2026-11-18T15:30:17.250Z');
const market = (now = NOW) => new SyntheticMarket({ seed: 9, now: () => now });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

describe('news', () => {
  it('serves newest-first items with the spec’s fields, pt in Unix seconds', () => {
    const page = market().news('stock', 'en', 20);
    expect(page.data).toHaveLength(20);
    expect(page.pagination).toMatchObject({ hasMore: true, count: 20 });
    for (const item of page.data) {
      expect(item.id).toMatch(UUID);
      expect(typeof item.pt).toBe('number');
      expect(Number.isInteger(item.pt)).toBe(true);
      expect(item.pt as number).toBeLessThanOrEqual(NOW / 1000);
      expect(item.pt as number).toBeGreaterThan(NOW / 1000 - 86_400);
      expect(item).toMatchObject({ mt: 'stock', lg: 'en' });
      expect(item.lk).toMatch(/^https:\/\//);
      expect(item.pv.length).toBeGreaterThan(0);
      expect(item.te).toMatch(/[A-Za-z]/);
    }
    const times = page.data.map((i) => i.pt as number);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('writes titles in Traditional Chinese for hk and Simplified for zh', () => {
    const hk = market()
      .news('stock', 'hk', 100)
      .data.map((i) => i.te)
      .join('');
    const zh = market()
      .news('stock', 'zh', 100)
      .data.map((i) => i.te)
      .join('');
    expect(hk).toMatch(/[資關憂創湧]/);
    expect(hk).not.toMatch(/[资关忧创涌]/);
    expect(zh).toMatch(/[资关忧创涌]/);
    expect(zh).not.toMatch(/[資關憂創湧]/);
  });

  it('respects limit, defaulting to 20 and capping at 100', () => {
    expect(market().news('crypto', 'en', 5).data).toHaveLength(5);
    expect(market().news('crypto', 'en', 0).data).toHaveLength(20);
    expect(market().news('crypto', 'en', 500).data).toHaveLength(100);
  });

  it('walks every item through the cursor chain, without duplicates, to hasMore false', () => {
    const m = market();
    const seen = new Set<string>();
    const all: WireNewsItem[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 200; pages++) {
      const page = m.news('fund', 'zh', 100, cursor);
      expect(page.pagination.count).toBe(page.data.length);
      for (const item of page.data) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
        all.push(item);
      }
      if (!page.pagination.hasMore) break;
      expect(page.pagination.nextCursor).toMatch(CURSOR);
      expect(isNewsCursor(page.pagination.nextCursor)).toBe(true);
      const last = page.data.at(-1)!;
      expect(Math.floor(Date.parse(page.pagination.nextCursor) / 1000)).toBe(last.pt);
      cursor = page.pagination.nextCursor;
    }
    // Fund news comes every 10 minutes for 30 days.
    expect(all.length).toBeGreaterThan(NEWS_HISTORY_SECONDS / 600 - 2);
    expect(all.length).toBeLessThanOrEqual(NEWS_HISTORY_SECONDS / 600 + 1);
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.pt).toBeLessThanOrEqual(all[i - 1]!.pt as number);
  });

  it('new items appear as time passes; old items stay the same', () => {
    const before = market(NOW).news('forex', 'en', 10);
    const after = market(NOW + 3_600_000).news('forex', 'en', 30);
    const ids = after.data.map((i) => i.id);
    expect(ids).not.toContain(undefined);
    expect(after.data[0]!.id).not.toBe(before.data[0]!.id);
    const index = ids.indexOf(before.data[0]!.id);
    expect(index).toBeGreaterThan(0);
    expect(after.data.slice(index, index + 10)).toEqual(before.data);
  });

  it('recognises its cursors', () => {
    expect(isNewsCursor('2026-11-22T02:31:05.123456789Z')).toBe(true);
    expect(isNewsCursor('2026-11-22T02:31:05.123Z')).toBe(false);
    expect(isNewsCursor('2026-13-22T02:31:05.123456789Z')).toBe(false);
    expect(isNewsCursor('yesterday')).toBe(false);
  });
});
