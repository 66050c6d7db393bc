import path from 'node:path';
import type { SaveDialogOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { saveWithDialog } from './save-dialog';

const request = { name: 'watchlist-20260101-120000.csv', type: 'text/csv', text: 'a,b\n1,2\n' };

function deps(filePath: string | undefined, write = (_f: string, _t: string) => {}) {
  const asked: SaveDialogOptions[] = [];
  return {
    asked,
    deps: {
      showSaveDialog: async (options: SaveDialogOptions) => {
        asked.push(options);
        return { canceled: filePath === undefined, filePath: filePath ?? '' };
      },
      folder: '/home/u/Downloads',
      write,
    },
  };
}

describe('saveWithDialog', () => {
  it('opens in Downloads with the suggested name and its extension, and writes there', async () => {
    const written: [string, string][] = [];
    const { asked, deps: d } = deps('/tmp/out.csv', (f, t) => void written.push([f, t]));
    expect(await saveWithDialog(request, d)).toEqual({ path: '/tmp/out.csv', download: false });
    expect(asked[0]?.defaultPath).toBe(path.join('/home/u/Downloads', request.name));
    expect(asked[0]?.filters?.[0]).toEqual({ name: 'CSV file', extensions: ['csv'] });
    expect(written).toEqual([['/tmp/out.csv', request.text]]);
  });

  it('writes nothing when the user cancels', async () => {
    const written: string[] = [];
    const { deps: d } = deps(undefined, (f) => void written.push(f));
    expect(await saveWithDialog(request, d)).toEqual({ path: null, download: false });
    expect(written).toEqual([]);
  });

  it('refuses a name with folders, and says when the write fails', async () => {
    const { deps: d } = deps('/tmp/x.csv');
    await expect(saveWithDialog({ ...request, name: '../x.csv' }, d)).rejects.toMatchObject({
      code: 'bad-argument',
    });
    const failing = deps('/tmp/x.csv', () => {
      throw new Error('EACCES: permission denied');
    });
    await expect(saveWithDialog(request, failing.deps)).rejects.toMatchObject({
      code: 'storage',
      message: 'Could not save /tmp/x.csv: EACCES: permission denied',
    });
  });
});
