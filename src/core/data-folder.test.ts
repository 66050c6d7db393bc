import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureDataFolder, resolveDataFolder } from './data-folder';

describe('resolveDataFolder', () => {
  it('prefers MARKETDESK_HOME on every platform', () => {
    expect(resolveDataFolder({ MARKETDESK_HOME: '/srv/md' }, 'linux', '/home/a')).toBe('/srv/md');
    expect(resolveDataFolder({ MARKETDESK_HOME: 'D:\\md' }, 'win32', 'C:\\Users\\a')).toBe(
      'D:\\md',
    );
  });

  it('ignores an empty MARKETDESK_HOME', () => {
    expect(resolveDataFolder({ MARKETDESK_HOME: ' ' }, 'linux', '/home/a')).toBe(
      '/home/a/.config/Marketdesk',
    );
  });

  it('uses XDG_CONFIG_HOME on Linux when absolute, else ~/.config', () => {
    expect(resolveDataFolder({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux', '/home/a')).toBe(
      '/x/cfg/Marketdesk',
    );
    expect(resolveDataFolder({ XDG_CONFIG_HOME: 'rel' }, 'linux', '/home/a')).toBe(
      '/home/a/.config/Marketdesk',
    );
    expect(resolveDataFolder({}, 'freebsd', '/home/a')).toBe('/home/a/.config/Marketdesk');
  });

  it('uses Application Support on macOS', () => {
    expect(resolveDataFolder({}, 'darwin', '/Users/a')).toBe(
      '/Users/a/Library/Application Support/Marketdesk',
    );
  });

  it('uses APPDATA on Windows, else the roaming folder under the home', () => {
    expect(
      resolveDataFolder({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a'),
    ).toBe('C:\\Users\\a\\AppData\\Roaming\\Marketdesk');
    expect(resolveDataFolder({}, 'win32', 'C:\\Users\\b')).toBe(
      'C:\\Users\\b\\AppData\\Roaming\\Marketdesk',
    );
  });
});

describe('ensureDataFolder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the folder', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-folder-'));
    const target = path.join(dir, 'a', 'b');
    expect(ensureDataFolder(target)).toBe(target);
    expect(existsSync(target)).toBe(true);
  });
});
