import { describe, expect, it } from 'vitest';
import { sessionMarks, type SessionKind } from './session-marks';

const MIN = 60_000;
const at = (...minutes: number[]) => minutes.map((m) => ({ time: m * MIN }));

describe('sessions on an intraday chart', () => {
  it('marks a break where a bar follows the last after more than one interval', () => {
    // 5-minute bars: a lunch break between 20 and 80, none elsewhere.
    const marks = sessionMarks(at(0, 5, 10, 15, 20, 80, 85), 5 * MIN, null);
    expect(marks).toEqual({ bands: [], breaks: [5] });
  });

  it('shades runs of pre- and post-market bars, apart across a break', () => {
    const sessionOf = (t: number): SessionKind =>
      t < 10 * MIN ? 'pre' : t < 30 * MIN ? 'regular' : t < 50 * MIN ? 'post' : 'pre';
    const bars = at(0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 200, 205);
    const marks = sessionMarks(bars, 5 * MIN, sessionOf);
    expect(marks.bands).toEqual([
      { from: 0, to: 1, kind: 'pre' },
      { from: 6, to: 9, kind: 'post' },
      { from: 10, to: 11, kind: 'pre' },
    ]);
    expect(marks.breaks).toEqual([10]);
  });

  it('has nothing to mark without bars', () => {
    expect(sessionMarks([], MIN, () => 'pre')).toEqual({ bands: [], breaks: [] });
  });
});

describe('the calendar’s sessions', () => {
  it('names US pre- and post-market bars and shades nothing where there are none', async () => {
    const { sessionClassifier } = await import('./session-of');
    const us = sessionClassifier('stock', 'US')!;
    // Wednesday 2026-11-18, New York (EST, UTC−5).
    expect(us(Date.parse('2026-11-18T13:00:00Z'))).toBe('pre'); // 08:00
    expect(us(Date.parse('2026-11-18T15:00:00Z'))).toBe('regular'); // 10:00
    expect(us(Date.parse('2026-11-18T22:00:00Z'))).toBe('post'); // 17:00
    expect(sessionClassifier('crypto', 'BA')).toBeNull();
  });
});
