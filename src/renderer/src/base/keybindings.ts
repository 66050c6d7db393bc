/**
 * Every keyboard shortcut of the app, in one table: the handlers match events against
 * it (`matches`) and the cheat sheet (`?`) lists it, so what is listed is what works.
 * Keys are written as chords: modifiers then the key's `KeyboardEvent.key`, joined by
 * `+` (`Mod+Shift+Z`, `Alt+ArrowUp`); `Mod` is Ctrl, or ⌘ on a Mac. The `app` group is
 * shared with the Electron menu (shared/keybindings.ts).
 */

import { APP_KEYBINDINGS, type Keybinding } from '../../../shared/keybindings';
import { KTYPES, SPEC_KTYPES } from '../../../shared/model';

export type { Keybinding };

/** Where a group of shortcuts works, and its shortcuts by id. */
interface KeyGroup {
  title: string;
  bindings: Record<string, Keybinding>;
}

/** The chart's interval keys, 1 to 8 in the chart bar's order of intervals. */
const INTERVAL_BINDINGS = Object.fromEntries(
  SPEC_KTYPES.map((kType, i) => [
    `interval${i + 1}`,
    { keys: [String(i + 1)], label: `Show ${KTYPES[kType].label} candles` },
  ]),
) as Record<`interval${number}`, Keybinding>;

/** The interval a chart key binding shows (`interval3` → 15m), or null. */
export function intervalOfBinding(id: string | null): (typeof SPEC_KTYPES)[number] | null {
  const match = id === null ? null : /^interval(\d+)$/.exec(id);
  return match ? (SPEC_KTYPES[Number(match[1]) - 1] ?? null) : null;
}

export const KEYBINDINGS = {
  app: APP_KEYBINDINGS,
  tabs: {
    title: 'Pane tabs',
    bindings: {
      previous: { keys: ['ArrowLeft'], label: 'Previous tab' },
      next: { keys: ['ArrowRight'], label: 'Next tab' },
      first: { keys: ['Home'], label: 'First tab' },
      last: { keys: ['End'], label: 'Last tab' },
      close: { keys: ['Delete'], label: 'Close the pane (Undo brings it back)' },
    },
  },
  board: {
    title: 'Quote board rows',
    bindings: {
      up: { keys: ['ArrowUp'], label: 'Previous row' },
      down: { keys: ['ArrowDown'], label: 'Next row' },
      first: { keys: ['Home'], label: 'First row' },
      last: { keys: ['End'], label: 'Last row' },
      moveUp: { keys: ['Alt+ArrowUp'], label: 'Move the symbol up the list' },
      moveDown: { keys: ['Alt+ArrowDown'], label: 'Move the symbol down the list' },
      pick: { keys: ['Enter', ' '], label: 'Show the symbol in linked panes' },
      remove: { keys: ['Delete'], label: 'Remove the symbol from the list' },
    },
  },
  chart: {
    title: 'Chart (when focused)',
    bindings: {
      ...INTERVAL_BINDINGS,
      cancel: {
        keys: ['Escape'],
        label: 'Cancel the drawing being placed, or put back an alert line being dragged',
      },
      deleteDrawing: { keys: ['Delete', 'Backspace'], label: 'Delete the selected drawing' },
    },
  },
  tape: {
    title: 'Tick tape',
    bindings: {
      newest: { keys: ['Home'], label: 'Newest ticks (the tape follows new ones)' },
      oldest: { keys: ['End'], label: 'Oldest tick kept' },
    },
  },
  palette: {
    title: 'Command palette',
    bindings: {
      down: { keys: ['ArrowDown'], label: 'Next entry' },
      up: { keys: ['ArrowUp'], label: 'Previous entry' },
      pageDown: { keys: ['PageDown'], label: 'Five entries down' },
      pageUp: { keys: ['PageUp'], label: 'Five entries up' },
      run: { keys: ['Enter'], label: 'Run the entry' },
      close: { keys: ['Escape'], label: 'Close' },
    },
  },
  splitter: {
    title: 'Pane dividers',
    bindings: {
      smaller: { keys: ['ArrowLeft', 'ArrowUp'], label: 'Move the divider a little' },
      larger: { keys: ['ArrowRight', 'ArrowDown'], label: 'Move it the other way' },
      bigSmaller: { keys: ['Shift+ArrowLeft', 'Shift+ArrowUp'], label: 'Move it further' },
      bigLarger: { keys: ['Shift+ArrowRight', 'Shift+ArrowDown'], label: 'Further the other way' },
      min: { keys: ['Home'], label: 'All the way to the start' },
      max: { keys: ['End'], label: 'All the way to the end' },
      even: { keys: ['Enter'], label: 'Halve the space' },
    },
  },
} as const satisfies Record<string, KeyGroup>;

export type KeyGroupId = keyof typeof KEYBINDINGS;
export type BindingId<G extends KeyGroupId> = keyof (typeof KEYBINDINGS)[G]['bindings'] & string;

const MODIFIERS = ['Mod', 'Alt', 'Shift'] as const;

/** The parts of an event a chord is matched against. */
export type KeyInput = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * Whether an event is a chord. Letters match either case; a printable symbol typed
 * with Shift (`?`) matches without naming Shift, since the symbol is what was typed.
 */
export function matchesChord(event: KeyInput, chord: string): boolean {
  const parts = chord === '+' ? ['+'] : chord.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts);
  for (const m of mods) {
    if (!(MODIFIERS as readonly string[]).includes(m)) throw new Error(`unknown modifier ${m}`);
  }
  if (mods.has('Mod') !== (event.ctrlKey || event.metaKey)) return false;
  if (mods.has('Alt') !== event.altKey) return false;
  const symbol = key.length === 1 && !/[a-z0-9 ]/i.test(key);
  if (!symbol && mods.has('Shift') !== event.shiftKey) return false;
  return key.length === 1 ? event.key.toLowerCase() === key.toLowerCase() : event.key === key;
}

/** Whether an event runs binding `id` of group `group`. */
export function matches<G extends KeyGroupId>(
  event: KeyInput,
  group: G,
  id: BindingId<G>,
): boolean {
  const bindings: Record<string, Keybinding> = KEYBINDINGS[group].bindings;
  return bindings[id]?.keys.some((chord) => matchesChord(event, chord)) ?? false;
}

/** The id of the binding of `group` an event runs, or null. */
export function bindingOf<G extends KeyGroupId>(event: KeyInput, group: G): BindingId<G> | null {
  const bindings: Record<string, Keybinding> = KEYBINDINGS[group].bindings;
  for (const [id, binding] of Object.entries(bindings)) {
    if (binding.keys.some((chord) => matchesChord(event, chord))) return id as BindingId<G>;
  }
  return null;
}

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Delete: 'Del',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
  ' ': 'Space',
};

/** A chord as people read it: `Ctrl+Shift+Z`, or `⌘⇧Z` on a Mac. */
export function chordLabel(chord: string, mac: boolean): string[] {
  const parts = chord === '+' ? ['+'] : chord.split('+');
  return parts.map((part) => {
    if (part === 'Mod') return mac ? '⌘' : 'Ctrl';
    if (part === 'Shift' && mac) return '⇧';
    if (part === 'Alt' && mac) return '⌥';
    return KEY_NAMES[part] ?? (part.length === 1 ? part.toUpperCase() : part);
  });
}

/** Whether keys typed at `target` belong to it (a field, an editable element). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type);
}

/** True on Apple platforms, where Mod reads ⌘. */
export const IS_MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A binding's first chord as text for a message or hint: `Ctrl+Z`, `⌘Z`. */
export function shortcutText<G extends KeyGroupId>(
  group: G,
  id: BindingId<G>,
  mac = IS_MAC,
): string {
  const bindings: Record<string, Keybinding> = KEYBINDINGS[group].bindings;
  const chord = bindings[id]?.keys[0] ?? '';
  return chordLabel(chord, mac).join(mac ? '' : '+');
}
