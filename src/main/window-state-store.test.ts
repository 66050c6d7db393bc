import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
    const store = new WindowStateStore(dir, log);
    expect(store.current.windows).toEqual({});
    store.save('main', state);
    store.save('popout', { ...state, maximized: true });
    const text = readFileSync(path.join(dir, WINDOW_STATE_FILE), 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      windows: { main: state, popout: { ...state, maximized: true } },
    });
    expect(new WindowStateStore(dir, log).current.windows.main).toEqual(state);
    expect(logs).toEqual([]);
  });

  it('keeps a malformed file aside once and says so', () => {
    writeFileSync(path.join(dir, WINDOW_STATE_FILE), '{not json');
    const store = new WindowStateStore(dir, log);
    expect(store.current.windows).toEqual({});
    expect(logs).toEqual([expect.stringContaining('(the file is kept as window-state.json.bad-')]);
    new WindowStateStore(dir, log);
    expect(logs).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.includes('.bad-'))).toHaveLength(1);
  });

  it('leaves a newer build’s file untouched', () => {
    const newer = JSON.stringify({ version: 2, windows: { main: state }, displays: [] });
    writeFileSync(path.join(dir, WINDOW_STATE_FILE), newer);
    const store = new WindowStateStore(dir, log);
    store.save('main', { ...state, maximized: true });
    expect(readFileSync(path.join(dir, WINDOW_STATE_FILE), 'utf8')).toBe(newer);
    expect(logs[0]).toContain('newer Marketdesk');
  });

  it('keeps the state in memory when a write fails, logging once instead of throwing', () => {
    const blocked = path.join(dir, 'blocked');
    const store = new WindowStateStore(blocked, log);
    writeFileSync(blocked, 'a file where the folder should be');
    expect(() => store.save('main', state)).not.toThrow();
    store.save('main', state);
    expect(store.current.windows.main).toEqual(state);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('could not save window positions');
  });
});
