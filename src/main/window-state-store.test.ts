import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WINDOW_STATE_FILE, WindowStateStore } from './window-state-store';

const state = { bounds: { x: 1, y: 2, width: 900, height: 700 }, maximized: false };

describe('WindowStateStore', () => {
  let dir: string;
  const logs: string[] = [];
  const log = (message: string): void => void logs.push(message);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-window-state-'));
    logs.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts empty without a file, saves, and reads the file back', () => {
    const store = new WindowStateStore(dir, undefined, log);
    expect(store.current.windows).toEqual({});
    store.save('main', state);
    store.save('popout', { ...state, maximized: true });
    const text = readFileSync(path.join(dir, WINDOW_STATE_FILE), 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      windows: { main: state, popout: { ...state, maximized: true } },
    });
    expect(new WindowStateStore(dir, undefined, log).current.windows.main).toEqual(state);
    expect(logs).toEqual([]);
  });

  it('ignores a malformed file and says so', () => {
    writeFileSync(path.join(dir, WINDOW_STATE_FILE), '{not json');
    const store = new WindowStateStore(dir, undefined, log);
    expect(store.current.windows).toEqual({});
    expect(logs).toHaveLength(1);
  });

  it('keeps the state in memory when a write fails, logging instead of throwing', () => {
    const store = new WindowStateStore(
      dir,
      {
        read: () => {
          throw new Error('ENOENT');
        },
        write: () => {
          throw new Error('disk full');
        },
      },
      log,
    );
    expect(() => store.save('main', state)).not.toThrow();
    expect(store.current.windows.main).toEqual(state);
    expect(logs[0]).toContain('disk full');
  });
});
