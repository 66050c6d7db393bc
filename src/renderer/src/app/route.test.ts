import { describe, expect, it } from 'vitest';
import { readRoute } from './route';

describe('readRoute', () => {
  it('shows the workspace by default', () => {
    expect(readRoute({ search: '', hash: '#k=secret' })).toEqual({ paneId: null });
  });

  it('reads the pane of a pop-out from the query or the fragment', () => {
    expect(readRoute({ search: '?pane=p-1', hash: '#k=abc' })).toEqual({ paneId: 'p-1' });
    expect(readRoute({ search: '', hash: '#k=abc&pane=trading-chart' })).toEqual({
      paneId: 'trading-chart',
    });
  });

  it('ignores a malformed pane id', () => {
    expect(readRoute({ search: '?pane=%3Cscript%3E', hash: '' })).toEqual({ paneId: null });
  });
});
