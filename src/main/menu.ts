/**
 * The application menu as plain data (File/Edit/View/Window/Help with Electron's
 * roles). "Settings…", "Command Palette", Undo and Redo belong to the renderer's keyboard
 * handling: their accelerators are shown but not registered, so the keystroke
 * reaches the page, and a click replays the same keystroke into the focused window.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { APP_KEYBINDINGS } from '../shared/keybindings';

/** A keystroke the renderer handles, as shown in the menu and as replayed on click. */
export interface RendererShortcut {
  /** Electron accelerator syntax. */
  accelerator: string;
  /** The key as `KeyboardEvent.key` reports it. */
  key: string;
  /** Shift held too (Redo). */
  shift?: boolean;
}

/**
 * A chord of the keybinding table (`Mod+Shift+Z`) as the menu shows and replays it:
 * `Mod` is Electron's `CmdOrCtrl`, the key as `KeyboardEvent.key` reports it (a letter in
 * lower case: the renderer matches letters in either case).
 */
export function rendererShortcut(chord: string): RendererShortcut {
  const parts = chord.split('+');
  const key = parts.pop() ?? '';
  const modifiers = parts.map((part) => (part === 'Mod' ? 'CmdOrCtrl' : part));
  const shortcut: RendererShortcut = {
    accelerator: [...modifiers, key.length === 1 ? key.toUpperCase() : key].join('+'),
    key: key.length === 1 ? key.toLowerCase() : key,
  };
  if (parts.includes('Shift')) shortcut.shift = true;
  return shortcut;
}

const app = APP_KEYBINDINGS.bindings;

/** Opens the settings dialog: the first chord of the renderer's binding. */
export const SETTINGS_SHORTCUT = rendererShortcut(app.settings.keys[0]);
/** Opens the command palette. */
export const COMMAND_PALETTE_SHORTCUT = rendererShortcut(app.palette.keys[0]);
/**
 * Undo and redo: the renderer's (workspace changes, or a field's own typing when the
 * focus is in one), so the keystroke must reach the page rather than the menu's role.
 */
export const UNDO_SHORTCUT = rendererShortcut(app.undo.keys[0]);
export const REDO_SHORTCUT = rendererShortcut(app.redo.keys[0]);

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Adds developer tools to the View menu (development builds only). */
  developer: boolean;
  /** Replays a renderer shortcut into the focused window. */
  sendShortcut(shortcut: RendererShortcut): void;
}

function rendererItem(
  label: string,
  shortcut: RendererShortcut,
  options: MenuOptions,
): MenuItemConstructorOptions {
  return {
    label,
    accelerator: shortcut.accelerator,
    registerAccelerator: false,
    click: () => options.sendShortcut(shortcut),
  };
}

/** The menu template for `Menu.buildFromTemplate`. */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const settings = rendererItem('Settings…', SETTINGS_SHORTCUT, options);
  const palette = rendererItem('Command Palette…', COMMAND_PALETTE_SHORTCUT, options);
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        settings,
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: mac
        ? [{ role: 'close' }]
        : [settings, { type: 'separator' }, { role: 'close' }, { role: 'quit' }],
    },
    {
      label: 'Edit',
      submenu: [
        rendererItem('Undo', UNDO_SHORTCUT, options),
        rendererItem('Redo', REDO_SHORTCUT, options),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        palette,
        { type: 'separator' },
        ...(options.developer
          ? ([
              { role: 'reload' },
              { role: 'forceReload' },
              { role: 'toggleDevTools' },
              { type: 'separator' },
            ] satisfies MenuItemConstructorOptions[])
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Window',
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      submenu: [{ role: 'about' }],
    },
  );
  return template;
}
