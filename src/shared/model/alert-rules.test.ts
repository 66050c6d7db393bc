import { describe, expect, it } from 'vitest';
import * as rules from './alert-rules';

describe('alert bounds', () => {
  it('takes a price above 0, at most a trillion', () => {
    for (const p of [0.0001, 1, 90_000.5, rules.ALERT_LIMITS.price.max])
      expect(rules.isAlertPrice(p)).toBe(true);
    for (const p of [0, -1, 1e12 + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(rules.isAlertPrice(p), String(p)).toBe(false);
    }
    expect(rules.ALERT_PRICE_MAX_TEXT).toBe('1,000,000,000,000');
  });

  it('takes a move above 0 %, at most 100 %', () => {
    expect(rules.isMovePercent(0.1)).toBe(true);
    expect(rules.isMovePercent(100)).toBe(true);
    expect(rules.isMovePercent(0)).toBe(false);
    expect(rules.isMovePercent(100.01)).toBe(false);
  });

  it('takes a whole window from a second to a day', () => {
    expect(rules.isMoveWindow(1_000)).toBe(true);
    expect(rules.isMoveWindow(rules.MAX_MOVE_WINDOW_MS)).toBe(true);
    expect(rules.MAX_MOVE_WINDOW_MS).toBe(24 * 3_600_000);
    for (const w of [999, rules.MAX_MOVE_WINDOW_MS + 1, 1_000.5])
      expect(rules.isMoveWindow(w)).toBe(false);
  });
});
