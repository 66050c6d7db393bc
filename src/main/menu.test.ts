import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { RendererShortcut } from './menu';
import {
  buildMenuTemplate,
  COMMAND_PALETTE_SHORTCUT,
  REDO_SHORTCUT,
  SETTINGS_SHORTCUT,
  UNDO_SHORTCUT,
  rendererShortcut,
} from './menu';
import { APP_KEYBINDINGS } from '../shared/keybindings';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

function build(platform: NodeJS.Platform, developer = false) {
  const sent: RendererShortcut[] = [];
  const template = buildMenuTemplate({
    platform,
    appName: 'Marketdesk',
    developer,
    sendShortcut: (s) => void sent.push(s),
  });
  return { template, items: flatten(template), sent };
}

describe('buildMenuTemplate', () => {
  it('has File, Edit, View, Window and Help on Linux and Windows', () => {
    const { template } = build('linux');
    expect(template.map((m) => m.label ?? m.role)).toEqual([
      'File',
      'Edit',
      'View',
      'Window',
      'help',
    ]);
  });

  it('starts with the app menu on macOS, which holds Settings and Quit', () => {
    const { template } = build('darwin');
    expect(template[0]?.label).toBe('Marketdesk');
    const appItems = flatten([template[0] as MenuItemConstructorOptions]);
    expect(appItems.some((i) => i.label === 'Settings…')).toBe(true);
    expect(appItems.some((i) => i.role === 'quit')).toBe(true);
  });

  it('leaves Settings, the command palette, Undo and Redo to the renderer’s keys, replaying them on click', () => {
    const { items, sent } = build('linux');
    for (const [label, shortcut] of [
      ['Settings…', SETTINGS_SHORTCUT],
      ['Command Palette…', COMMAND_PALETTE_SHORTCUT],
      ['Undo', UNDO_SHORTCUT],
      ['Redo', REDO_SHORTCUT],
    ] as const) {
      const matches = items.filter((i) => i.label === label);
      expect(matches, label).toHaveLength(1);
      const item = matches[0] as MenuItemConstructorOptions;
      expect(item.accelerator).toBe(shortcut.accelerator);
      expect(item.registerAccelerator).toBe(false);
      (item.click as () => void)();
    }
    expect(sent).toEqual([
      SETTINGS_SHORTCUT,
      COMMAND_PALETTE_SHORTCUT,
      UNDO_SHORTCUT,
      REDO_SHORTCUT,
    ]);
    expect(items.some((i) => i.role === 'undo' || i.role === 'redo')).toBe(false);
  });

  it('reads its shortcuts from the keybinding table, as Electron accelerators', () => {
    expect(SETTINGS_SHORTCUT).toEqual({ accelerator: 'CmdOrCtrl+,', key: ',' });
    expect(COMMAND_PALETTE_SHORTCUT).toEqual({ accelerator: 'CmdOrCtrl+K', key: 'k' });
    expect(UNDO_SHORTCUT).toEqual({ accelerator: 'CmdOrCtrl+Z', key: 'z' });
    expect(REDO_SHORTCUT).toEqual({ accelerator: 'CmdOrCtrl+Shift+Z', key: 'z', shift: true });
    expect(rendererShortcut('F6')).toEqual({ accelerator: 'F6', key: 'F6' });
    const app = APP_KEYBINDINGS.bindings;
    expect(SETTINGS_SHORTCUT).toEqual(rendererShortcut(app.settings.keys[0]));
    expect(REDO_SHORTCUT).toEqual(rendererShortcut(app.redo.keys[0]));
  });

  it('offers developer tools and reload only in development', () => {
    const roles = (developer: boolean) => build('linux', developer).items.map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(true)).toContain('reload');
  });
});
