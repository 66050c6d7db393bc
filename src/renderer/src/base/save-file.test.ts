import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../../shared/testing/manual-timers';
import { saveFile, type DownloadTarget } from './save-file';
import { FakeBridge } from './testing/fake-bridge';

/** A page with just what a download touches, recording what happens to the link and its URL. */
function page() {
  const events: string[] = [];
  const links: { href: string; download: string; hidden: boolean }[] = [];
  const timers = new ManualTimers();
  const target = {
    document: {
      createElement: () => {
        const link = {
          href: '',
          download: '',
          hidden: false,
          click: () => events.push(`click ${link.download}`),
          remove: () => events.push('remove'),
        };
        links.push(link);
        return link;
      },
      body: { append: () => events.push('append') },
    } as unknown as Document,
    url: {
      createObjectURL: (blob: Blob) => (events.push(`url ${blob.type}`), 'blob:1'),
      revokeObjectURL: (url: string) => void events.push(`revoke ${url}`),
    },
    timers,
  } satisfies DownloadTarget;
  return { events, links, timers, target };
}

const file = { name: 'board.csv', type: 'text/csv', text: 'a,b\n1,2\n' };

describe('saveFile', () => {
  it('downloads in the page when the shell says so, and frees the URL after the click', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.saveFile = async () => ({ path: null, download: true });
    const { events, links, timers, target } = page();
    expect(await saveFile(bridge, file, target)).toEqual({ path: null, download: true });
    expect(links).toMatchObject([{ href: 'blob:1', download: 'board.csv', hidden: true }]);
    expect(events).toEqual(['url text/csv;charset=utf-8', 'append', 'click board.csv', 'remove']);
    timers.step(0);
    expect(events.at(-1)).toBe('revoke blob:1');
    expect(timers.pending).toBe(0);
  });

  it('touches the page not at all when the shell saved the file itself', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.saveFile = async () => ({ path: '/home/me/board.csv', download: false });
    const { events, timers, target } = page();
    expect(await saveFile(bridge, file, target)).toEqual({
      path: '/home/me/board.csv',
      download: false,
    });
    expect(events).toEqual([]);
    expect(timers.pending).toBe(0);
  });
});
