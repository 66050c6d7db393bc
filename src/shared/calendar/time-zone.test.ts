import { describe, expect, it } from 'vitest';
import { offsetAt, partsAt, zoneFormats } from './time-zone';

describe('zoneFormats', () => {
  it('makes one formatter per zone, keeps it, and writes in that zone', () => {
    const clock = zoneFormats('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const ny = clock('America/New_York');
    expect(clock('America/New_York')).toBe(ny);
    expect(clock('Asia/Hong_Kong')).not.toBe(ny);
    const at = Date.parse('2026-11-18T15:00:00Z');
    expect(ny.format(at)).toBe('10:00');
    expect(clock('Asia/Hong_Kong').format(at)).toBe('23:00');
  });

  it('gives each formatter of its own: other options are another cache', () => {
    const a = zoneFormats('en-GB', { hour: '2-digit' });
    const b = zoneFormats('en-GB', { weekday: 'short' });
    expect(a('UTC')).not.toBe(b('UTC'));
  });
});

describe('partsAt', () => {
  it('reads the parts a formatter writes, and empty for one it does not', () => {
    const get = partsAt(
      zoneFormats('en-GB', { weekday: 'short', hour: '2-digit', hourCycle: 'h23' })('Asia/Tokyo'),
      Date.parse('2026-11-28T03:00:00Z'),
    );
    expect(get('weekday')).toBe('Sat');
    expect(get('hour')).toBe('12');
    expect(get('timeZoneName')).toBe('');
  });
});

describe('offsetAt', () => {
  it('follows a zone across its DST change', () => {
    expect(offsetAt('America/New_York', Date.parse('2026-07-15T12:00:00Z'))).toBe(-4 * 3_600_000);
    expect(offsetAt('America/New_York', Date.parse('2026-11-18T12:00:00Z'))).toBe(-5 * 3_600_000);
    expect(offsetAt('Asia/Kolkata', Date.parse('2026-11-18T12:00:00Z'))).toBe(5.5 * 3_600_000);
  });
});
