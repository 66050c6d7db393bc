import { describe, expect, it } from 'vitest';
import { statusLabel } from './status-label';

describe('statusLabel', () => {
  it('says nothing while live', () => {
    expect(statusLabel('live', 1)).toBeNull();
  });
  it('names every other state', () => {
    expect(statusLabel('stale', null)?.text).toBe('stale');
    expect(statusLabel('offline', null)?.text).toBe('offline — cached');
    expect(statusLabel('offline', Date.UTC(2026, 0, 2, 3, 4))?.text).toMatch(
      /^offline — cached as of /,
    );
    expect(statusLabel('not-entitled', null)?.text).toBe('not in your plan');
    expect(statusLabel('error', null, 'HTTP 500')?.text).toBe('HTTP 500');
  });
});
