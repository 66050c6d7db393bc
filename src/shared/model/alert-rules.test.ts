import { describe, expect, it } from 'vitest';
import {
  ALERT_LIMITS,
  ALERT_PRICE_MAX_TEXT,
  MAX_MOVE_WINDOW_MS,
  isAlertPrice,
  isMovePercent,
  isMoveWindow,
} from './alert-rules';

describe('alert bounds', () => {
  it('takes a price above 0, at most a trillion', () => {
    for (const p of [0.0001, 1, 90_000.5, ALERT_LIMITS.price.max])
      expect(isAlertPrice(p)).toBe(true);
    for (const p of [0, -1, 1e12 + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isAlertPrice(p), String(p)).toBe(false);
    }
    expect(ALERT_PRICE_MAX_TEXT).toBe('1,000,000,000,000');
  });

  it('takes a move above 0 %, at most 100 %', () => {
    expect(isMovePercent(0.1)).toBe(true);
    expect(isMovePercent(100)).toBe(true);
    expect(isMovePercent(0)).toBe(false);
    expect(isMovePercent(100.01)).toBe(false);
  });

  it('takes a whole window from a second to a day', () => {
    expect(isMoveWindow(1_000)).toBe(true);
    expect(isMoveWindow(MAX_MOVE_WINDOW_MS)).toBe(true);
    expect(MAX_MOVE_WINDOW_MS).toBe(24 * 3_600_000);
    for (const w of [999, MAX_MOVE_WINDOW_MS + 1, 1_000.5]) expect(isMoveWindow(w)).toBe(false);
  });
});
