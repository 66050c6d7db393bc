import { describe, expect, it } from 'vitest';
import { popOutAddress } from '../../../shared/host-wire';
import { readRoute } from './route';

const search = (address: string) => new URL(address).search;

describe('readRoute', () => {
  it('shows the workspace by default', () => {
    expect(readRoute({ search: '' })).toEqual({ paneId: null });
  });

  it('shows the pane of a pop-out address, in Electron and in the browser host', () => {
    const electron = popOutAddress('app://marketdesk/index.html', 'trading-chart');
    const host = popOutAddress('http://127.0.0.1:4000/', 'p-1', 'secret');
    expect(readRoute({ search: search(electron) })).toEqual({ paneId: 'trading-chart' });
    expect(readRoute({ search: search(host) })).toEqual({ paneId: 'p-1' });
  });

  it('ignores a malformed pane id', () => {
    expect(readRoute({ search: '?pane=%3Cscript%3E' })).toEqual({ paneId: null });
  });
});
