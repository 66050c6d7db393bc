import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../shared/calendar';
import { regularState } from './regular';
import { SHARED_CALENDAR_RULES } from './service-calendar';

const at = (iso: string) => Date.parse(iso);

describe('the app’s own calendars and the shared rules', () => {
  it('knows Thanksgiving, a Saturday, the HK lunch break and crypto', () => {
    const thanksgiving = regularState('stock', 'US', at('2026-11-26T16:00:00Z'));
    expect(thanksgiving).toMatchObject({ phase: 'holiday', holiday: 'Thanksgiving Day' });
    expect(thanksgiving.nextOpen).toBe(at('2026-11-27T14:30:00Z'));
    const saturday = regularState('stock', 'US', at('2026-11-28T16:00:00Z'));
    expect(saturday).toMatchObject({ phase: 'weekend', nextOpen: at('2026-11-30T14:30:00Z') });
    // Closed since Black Friday's early close (13:00 New York, no post-market); the
    // weekend ends at midnight in New York, before Monday's pre-market.
    expect(saturday.lastClose).toBe(at('2026-11-27T18:00:00Z'));
    expect(regularState('stock', 'US', at('2026-11-29T15:00:00Z')).nextChange).toBe(
      at('2026-11-30T05:00:00Z'),
    );
    const monday = regularState('stock', 'US', at('2026-11-30T06:00:00Z'));
    expect(monday).toMatchObject({ phase: 'closed', nextChange: at('2026-11-30T09:00:00Z') });
    const lunch = regularState('stock', 'HK', at('2026-11-18T04:30:00Z'));
    expect(lunch).toMatchObject({ phase: 'lunch-break', nextOpen: at('2026-11-18T05:00:00Z') });
    expect(lunch.nextChange).toBe(at('2026-11-18T05:00:00Z'));
    expect(lunch.lastClose).toBe(at('2026-11-18T04:00:00Z'));
    const blackFriday = regularState('stock', 'US', at('2026-11-27T15:00:00Z'));
    expect(blackFriday).toMatchObject({ phase: 'open', halfDay: true });
    expect(blackFriday.nextClose).toBe(at('2026-11-27T18:00:00Z'));
    expect(blackFriday.lastClose).toBeNull();
    expect(regularState('crypto', 'BA', at('2026-11-28T16:00:00Z')).phase).toBe('open');
    expect(regularState('forex', 'GB', at('2026-11-28T16:00:00Z')).phase).toBe('weekend');
  });

  it('reads a calendar as fetched or stored, and refuses one that is not', () => {
    const us = JSON.parse(JSON.stringify(calendarFor('stock', 'US'))) as unknown;
    expect(SHARED_CALENDAR_RULES.readable(us)).toBe(true);
    expect(SHARED_CALENDAR_RULES.stateAt(us, at('2026-11-26T16:00:00Z'))?.phase).toBe('holiday');
    expect(SHARED_CALENDAR_RULES.readable({ region: 'US', timeZone: 'Mars/Base' })).toBe(false);
    expect(SHARED_CALENDAR_RULES.readable(null)).toBe(false);
    expect(SHARED_CALENDAR_RULES.stateAt({ sessions: 1 }, 0)).toBeNull();
  });
});
