import { describe, expect, it } from 'vitest';
import { activeRoot } from '../workspace/workspace-layouts';
import { defaultWorkspace } from '../workspace/default-workspace';
import { split, tabs } from '../workspace/layout-tree';
import type { PaneConfig } from '../workspace/pane-contract';
import { rememberKinds, rememberedKinds, shownKinds } from './first-screen';

const pane = (id: string, kind: PaneConfig['kind']) => ({ id, kind }) as PaneConfig;

/** A Storage over a Map, enough for these functions. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage;
}

describe('first screen', () => {
  it('names the kinds of the active tabs only, once each', () => {
    const root = split(
      's',
      'row',
      0.5,
      tabs('a', [pane('q', 'quotes'), pane('c', 'chart')], 'q'),
      split('t', 'column', 0.5, tabs('b', [pane('n', 'news')]), tabs('c', [pane('q2', 'quotes')])),
    );
    expect(shownKinds(root)).toEqual(['quotes', 'news']);
  });

  it("takes the default workspace's first screen", () => {
    expect(shownKinds(activeRoot(defaultWorkspace())).sort()).toEqual(
      ['chart', 'depth', 'news', 'quotes'].sort(),
    );
  });

  it('remembers the kinds, and reads back only kinds it knows', () => {
    const storage = memoryStorage();
    expect(rememberedKinds(storage)).toBeNull();
    rememberKinds(['quotes', 'chart'], storage);
    expect(rememberedKinds(storage)).toEqual(['quotes', 'chart']);
    storage.setItem('marketdesk.firstScreen', '["quotes","nonsense",3]');
    expect(rememberedKinds(storage)).toEqual(['quotes']);
    storage.setItem('marketdesk.firstScreen', '{broken');
    expect(rememberedKinds(storage)).toBeNull();
    expect(rememberedKinds(null)).toBeNull();
  });
});
