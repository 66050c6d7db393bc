/**
 * The keyboard shortcuts that work anywhere in the app, as data both sides read: the
 * renderer's keybinding table (renderer/src/app/keybindings.ts) takes this group as its
 * `app` group, so its handlers and cheat sheet match these chords, and the Electron menu
 * (main/menu.ts) shows and replays the same chords. Keys are written as chords:
 * modifiers then the key's `KeyboardEvent.key`, joined by `+` (`Mod+Shift+Z`); `Mod` is
 * Ctrl, or ⌘ on a Mac.
 */

export interface Keybinding {
  /** The chords that run it (any one); the first is the one menus and hints show. */
  keys: readonly string[];
  /** What it does, as the cheat sheet says it. */
  label: string;
}

/** The shortcuts that work anywhere (the keybinding table's `app` group). */
export const APP_KEYBINDINGS = {
  title: 'Anywhere',
  bindings: {
    palette: { keys: ['Mod+K'], label: 'Go to a symbol or run a command' },
    settings: { keys: ['Mod+,'], label: 'Open settings' },
    undo: { keys: ['Mod+Z'], label: 'Undo a workspace change' },
    redo: { keys: ['Mod+Shift+Z', 'Mod+Y'], label: 'Redo a workspace change' },
    nextPane: { keys: ['F6'], label: 'Focus the next pane slot' },
    previousPane: { keys: ['Shift+F6'], label: 'Focus the previous pane slot' },
    shortcuts: { keys: ['?'], label: 'Show these shortcuts' },
  },
} as const satisfies { title: string; bindings: Record<string, Keybinding> };
