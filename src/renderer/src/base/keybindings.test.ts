import { describe, expect, it } from 'vitest';
import {
  KEYBINDINGS,
  bindingOf,
  chordLabel,
  intervalOfBinding,
  isTypingTarget,
  matches,
  matchesChord,
  type KeyInput,
} from './keybindings';
import { SPEC_KTYPES } from '../../../shared/model';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('keybindings', () => {
  it('matches Mod as Ctrl or ⌘, letters in either case, and nothing extra', () => {
    expect(matches(key('z', { ctrlKey: true }), 'app', 'undo')).toBe(true);
    expect(matches(key('z', { metaKey: true }), 'app', 'undo')).toBe(true);
    expect(matches(key('z'), 'app', 'undo')).toBe(false);
    expect(matches(key('Z', { ctrlKey: true, shiftKey: true }), 'app', 'undo')).toBe(false);
    expect(matches(key('Z', { ctrlKey: true, shiftKey: true }), 'app', 'redo')).toBe(true);
    expect(matches(key('y', { ctrlKey: true }), 'app', 'redo')).toBe(true);
    expect(matches(key('z', { ctrlKey: true, altKey: true }), 'app', 'undo')).toBe(false);
  });

  it('matches a symbol typed with Shift without naming Shift', () => {
    expect(matches(key('?', { shiftKey: true }), 'app', 'shortcuts')).toBe(true);
    expect(matches(key('?', { ctrlKey: true, shiftKey: true }), 'app', 'shortcuts')).toBe(false);
    expect(matches(key('F6', { shiftKey: true }), 'app', 'nextPane')).toBe(false);
    expect(matches(key('F6', { shiftKey: true }), 'app', 'previousPane')).toBe(true);
  });

  it('finds the binding of an event in a group', () => {
    expect(bindingOf(key('ArrowUp', { altKey: true }), 'board')).toBe('moveUp');
    expect(bindingOf(key('ArrowUp'), 'board')).toBe('up');
    expect(bindingOf(key(' '), 'board')).toBe('pick');
    expect(bindingOf(key('x'), 'board')).toBeNull();
  });

  it('writes every chord of the table with known modifiers', () => {
    for (const group of Object.values(KEYBINDINGS)) {
      for (const binding of Object.values(group.bindings)) {
        for (const chord of binding.keys) expect(() => matchesChord(key('a'), chord)).not.toThrow();
      }
    }
    expect(() => matchesChord(key('a'), 'Hyper+A')).toThrow(/unknown modifier/);
  });

  it('labels chords for each platform', () => {
    expect(chordLabel('Mod+Shift+Z', false)).toEqual(['Ctrl', 'Shift', 'Z']);
    expect(chordLabel('Mod+Shift+Z', true)).toEqual(['⌘', '⇧', 'Z']);
    expect(chordLabel('Alt+ArrowUp', false)).toEqual(['Alt', '↑']);
    expect(chordLabel(' ', false)).toEqual(['Space']);
  });

  it('treats text fields as typing targets, buttons not', () => {
    const el = (tagName: string, extra: Record<string, unknown> = {}) =>
      ({ tagName, closest: () => null, isContentEditable: false, ...extra }) as unknown as Element;
    expect(isTypingTarget(el('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("lists the chart's interval keys in the chart bar's order, and its drawing keys", () => {
    const chart: Record<string, { keys: readonly string[] }> = KEYBINDINGS.chart.bindings;
    SPEC_KTYPES.forEach((kType, i) => {
      const id = `interval${i + 1}`;
      expect(chart[id]?.keys).toEqual([String(i + 1)]);
      expect(intervalOfBinding(bindingOf(key(String(i + 1)), 'chart'))).toBe(kType);
    });
    expect(bindingOf(key('9'), 'chart')).toBeNull();
    expect(bindingOf(key('Delete'), 'chart')).toBe('deleteDrawing');
    expect(bindingOf(key('Backspace'), 'chart')).toBe('deleteDrawing');
    expect(bindingOf(key('Escape'), 'chart')).toBe('cancel');
    expect(bindingOf(key('End'), 'tape')).toBe('oldest');
  });
});
