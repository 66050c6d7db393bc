import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDARS_FILE_NAME, CalendarStore } from './calendar-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'marketdesk-calendars-'));
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const file = () => path.join(dir, CALENDARS_FILE_NAME);
const entry = (region: string) => ({ fetchedAt: 1_000, calendar: { region } });

describe('CalendarStore', () => {
  it('serves a kept calendar at once and writes the regions kept meanwhile in one write, later', () => {
    const store = new CalendarStore({ folder: dir, writeDelayMs: 2_000 });
    expect(store.put('demo', 'US', entry('US'))).toBeNull();
    expect(store.put('demo', 'HK', entry('HK'))).toBeNull();
    expect(store.get('demo', 'US')).toEqual(entry('US'));
    expect(existsSync(file())).toBe(false);
    vi.advanceTimersByTime(2_000);
    const written = JSON.parse(readFileSync(file(), 'utf8')) as { sources: unknown };
    expect(written.sources).toEqual({ demo: { US: entry('US'), HK: entry('HK') } });
    // Read back by the next start.
    expect(new CalendarStore({ folder: dir }).get('demo', 'HK')).toEqual(entry('HK'));
  });

  it('writes what waits at once on flush, and nothing when nothing waits', () => {
    const store = new CalendarStore({ folder: dir });
    store.flush();
    expect(existsSync(file())).toBe(false);
    store.put('demo', 'US', entry('US'));
    store.flush();
    expect(new CalendarStore({ folder: dir }).get('demo', 'US')).toEqual(entry('US'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a write that fails and keeps serving the calendar', () => {
    const onError = vi.fn();
    // The data folder is a file: no write can succeed.
    const folder = path.join(dir, 'not-a-folder');
    writeFileSync(folder, 'x');
    const store = new CalendarStore({ folder, onError, writeDelayMs: 10 });
    expect(store.put('demo', 'US', entry('US'))).toBeNull();
    expect(() => vi.advanceTimersByTime(10)).not.toThrow();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(String(onError.mock.calls[0]![0])).toMatch(/calendars/);
    expect(store.get('demo', 'US')).toEqual(entry('US'));
  });
});
