/**
 * The shown layout as state: the saved tree fitted (./layout-fit) to the room the
 * workspace has, measured by the shell. The slots folded for want of room are chosen
 * when the room or the tree changes, never when the user merely clicks (a fold that
 * moved with each click would move the panes under the pointer); which pane a slot
 * of folded tabs shows is the user's last pick in it.
 */
import { fitLayout, unfitted, type FittedLayout } from './layout-fit';
import * as tree from './layout-tree';
import type { LayoutNode } from './layout-tree';
import type { Size } from './pane-floors';

export class LayoutFit {
  /** The workspace's box (CSS px); null until the shell has measured it. */
  room = $state.raw<Size | null>(null);
  /** Per slot of folded tabs, the pane picked in it. */
  #picked = $state.raw<Readonly<Record<string, string>>>({});
  /** When each pane was last used; a plain map: reading it subscribes to nothing. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- not reactive on purpose (above)
  readonly #used = new Map<string, number>();
  #clock = 0;
  readonly #root: () => LayoutNode;

  constructor(root: () => LayoutNode) {
    this.#root = root;
  }

  readonly #fit: FittedLayout = $derived.by(() => {
    const root = this.#root();
    const room = this.room;
    if (!room) return unfitted(root);
    return fitLayout(root, room, (id) => this.#used.get(id) ?? 0);
  });

  /** The layout as shown: the fit, with each folded slot showing its pick. */
  readonly fitted: FittedLayout = $derived.by(() => {
    const fit = this.#fit;
    let root = fit.root;
    for (const [groupId, paneId] of Object.entries(this.#picked)) {
      const group = tree.tabsOfPane(root, paneId);
      if (group?.id === groupId && group.panes.some((p) => fit.folded.has(p.id))) {
        root = tree.activateTab(root, paneId);
      }
    }
    return root === fit.root ? fit : { ...fit, root };
  });

  /** Marks a pane used now (focused, shown). */
  use(paneId: string): void {
    this.#used.set(paneId, ++this.#clock);
  }

  /** A pane picked in its slot: used now, and shown there if the slot holds folded tabs. */
  show(paneId: string): void {
    this.use(paneId);
    const group = tree.tabsOfPane(this.#fit.root, paneId);
    if (group && group.panes.some((p) => this.#fit.folded.has(p.id))) {
      this.#picked = { ...this.#picked, [group.id]: paneId };
    }
  }
}
