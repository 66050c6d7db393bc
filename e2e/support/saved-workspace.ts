/**
 * A saved workspace (`workspace.json`) for a spec or a benchmark to start the app on:
 * one layout, shown, of the panes given. Built with the product's own pieces (the
 * layout tree's `tabs` and `split`, the pane-kind table's titles and default options,
 * `toDocument` and its version), so a document written here is one the app reads as its
 * own, and a change of that shape is a compile error here rather than a spec starting
 * on a default workspace it did not ask for. `shownPanes` reads one back as the app does.
 */
import type { WorkspaceDocument } from '../../src/shared/bridge';
import { allPanes, split, tabs } from '../../src/renderer/src/workspace/layout-tree';
import type { LayoutNode, TabsNode } from '../../src/renderer/src/workspace/layout-tree';
import type {
  LinkGroup,
  PaneConfig,
  Watchlist,
} from '../../src/renderer/src/workspace/pane-contract';
import { PANE_KIND_TABLE } from '../../src/renderer/src/workspace/pane-kinds';
import type { PaneKind, PaneOptions } from '../../src/renderer/src/workspace/pane-kinds';
import type { SymbolRef } from '../../src/renderer/src/workspace/symbol-ref';
import { readWorkspace, toDocument } from '../../src/renderer/src/workspace/workspace-document';
import { activeRoot } from '../../src/renderer/src/workspace/workspace-layouts';
import type {
  LinkColour,
  WorkspaceData,
} from '../../src/renderer/src/workspace/workspace-document';

export { split };
export type { LayoutNode, SymbolRef };

/** What a saved pane says beyond its id and kind (absent: the kind's own). */
export interface SavedPaneParts<K extends PaneKind> {
  /** The kind's title unless given. */
  title?: string;
  link?: LinkGroup;
  symbol?: SymbolRef | null;
  /** Over the kind's default options. */
  options?: Partial<PaneOptions[K]>;
}

/** A pane as the workspace saves it. */
export function savedPane<K extends PaneKind>(
  id: string,
  kind: K,
  parts: SavedPaneParts<K> = {},
): PaneConfig<K> {
  const spec = PANE_KIND_TABLE[kind];
  return {
    id,
    kind,
    title: parts.title ?? spec.title,
    link: parts.link ?? null,
    symbol: parts.symbol ?? null,
    options: { ...spec.defaultOptions(), ...parts.options },
  };
}

/** One tab group of `panes` (id `t-<first pane's id>`), the first one shown. */
export function tabsOf(...panes: [PaneConfig, ...PaneConfig[]]): TabsNode {
  return tabs(`t-${panes[0].id}`, panes);
}

/** What the saved workspace holds beside its one layout. */
export interface SavedWorkspaceParts {
  /** The layout's name. */
  name: string;
  root: LayoutNode;
  watchlists?: Watchlist[];
  linkSymbols?: Partial<Record<LinkColour, SymbolRef>>;
}

/** The document of a workspace of one layout, shown. */
export function savedWorkspace(parts: SavedWorkspaceParts): WorkspaceDocument {
  const data: WorkspaceData = {
    layouts: [{ name: parts.name, root: parts.root }],
    activeLayout: parts.name,
    watchlists: parts.watchlists ?? [],
    linkSymbols: parts.linkSymbols ?? {},
  };
  return toDocument(data);
}

/**
 * The panes of the shown layout of a saved document's text, as the app reads it back on
 * its next start (none before one is saved, or when it is beyond repair).
 */
export function shownPanes(text: string): PaneConfig[] {
  const data = text ? readWorkspace(JSON.parse(text)) : null;
  return data ? allPanes(activeRoot(data)) : [];
}
