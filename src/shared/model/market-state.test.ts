import { describe, expect, it } from 'vitest';
import { usMarket } from '../testing/fixtures';
import { describeMarketState, durationWords, lastCloseWords } from './market-state';

const view = usMarket;

describe('describeMarketState', () => {
  it("says a weekend closed with the next open in the market's time and how long until it", () => {
    // Saturday 28 Nov 2026 18:30 UTC; Monday 30 Nov 09:30 EST = 14:30 UTC.
    const now = Date.UTC(2026, 10, 28, 18, 30);
    const t = describeMarketState(
      view({ phase: 'weekend', nextOpen: Date.UTC(2026, 10, 30, 14, 30) }),
      now,
    );
    expect(t).toMatchObject({ word: 'closed', closed: true, extended: false });
    expect(t.text).toBe('closed · opens Mon 09:30 ET (in 1 d 20 h)');
  });

  it('names a holiday and says a lunch break reopens today without a day', () => {
    const now = Date.UTC(2026, 10, 26, 15);
    expect(
      describeMarketState(
        view({
          phase: 'holiday',
          holiday: 'Thanksgiving',
          nextOpen: Date.UTC(2026, 10, 27, 14, 30),
        }),
        now,
      ).text,
    ).toBe('closed (Thanksgiving) · opens Fri 09:30 ET (in 23 h 30 min)');
    const hk = view({
      region: 'HK',
      phase: 'lunch-break',
      timeZone: 'Asia/Hong_Kong',
      nextOpen: Date.UTC(2026, 10, 18, 5),
    });
    expect(describeMarketState(hk, Date.UTC(2026, 10, 18, 4, 30)).text).toBe(
      'lunch break · reopens 13:00 HKT',
    );
  });

  it('marks pre- and post-market as extended, and a state read from regular sessions as such', () => {
    const now = Date.UTC(2026, 10, 18, 12);
    const pre = describeMarketState(
      view({ phase: 'pre-market', nextClose: Date.UTC(2026, 10, 18, 14, 30) }),
      now,
    );
    expect(pre).toMatchObject({ word: 'pre-market', extended: true, closed: false });
    expect(pre.text).toBe('pre-market · closes 09:30 ET');
    expect(describeMarketState(view({ phase: 'open', basis: 'regular' }), now).text).toBe(
      'open (regular hours)',
    );
    expect(describeMarketState(view({ phase: null, basis: null }), now).text).toBe('hours unknown');
  });

  it('says a half day closes early', () => {
    // Black Friday 2026: New York closes at 13:00.
    const t = describeMarketState(
      view({ phase: 'open', halfDay: true, nextClose: Date.UTC(2026, 10, 27, 18) }),
      Date.UTC(2026, 10, 27, 15),
    );
    expect(t.text).toBe('open · half day · closes 13:00 ET');
  });

  it('words durations', () => {
    expect(durationWords(30_000)).toBe('under a minute');
    expect(durationWords(12 * 60_000)).toBe('12 min');
    expect(durationWords((2 * 1440 + 14 * 60 + 5) * 60_000)).toBe('2 d 14 h');
  });
});

describe('lastCloseWords', () => {
  it("says when a closed market's last session ended, in its own zone", () => {
    const at = (lastClose: number | null) => usMarket({ phase: 'closed', lastClose });
    const now = Date.UTC(2026, 10, 18, 23); // Wednesday 18:00 in New York
    expect(lastCloseWords(at(Date.UTC(2026, 10, 18, 21)), now)).toBe('16:00 ET');
    expect(lastCloseWords(at(Date.UTC(2026, 10, 17, 21)), now)).toBe('Tue 16:00 ET');
    expect(lastCloseWords(at(Date.UTC(2026, 10, 10, 21)), now)).toBe('Tue 10 Nov 16:00 ET');
    expect(lastCloseWords(at(null), now)).toBeNull();
  });
});
