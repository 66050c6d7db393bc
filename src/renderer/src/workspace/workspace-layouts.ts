/**
 * Layouts of the workspace as pure functions of `WorkspaceData`: which one is shown,
 * switching, saving as, deleting and resetting (see ./workspace-ops for panes).
 */
import { defaultWorkspace } from './default-workspace';
import * as tree from './layout-tree';
import type { Layout, LayoutNode } from './layout-tree';
import type { WorkspaceData } from './workspace-document';

/** Makes unique ids (`p-…` panes, `t-…` tab groups, `s-…` splits). */
export type NewId = (prefix: string) => string;

export function activeLayout(data: WorkspaceData): Layout | undefined {
  return data.layouts.find((l) => l.name === data.activeLayout) ?? data.layouts[0];
}

const EMPTY_ROOT = tree.tabs('empty', []);

export function activeRoot(data: WorkspaceData): LayoutNode {
  return activeLayout(data)?.root ?? EMPTY_ROOT;
}

export function switchLayout(data: WorkspaceData, name: string): WorkspaceData {
  if (name === data.activeLayout || !data.layouts.some((l) => l.name === name)) return data;
  return { ...data, activeLayout: name };
}

/** Saves the shown layout under a name (a copy with fresh ids, replacing one of that name) and shows it. */
export function saveLayoutAs(
  data: WorkspaceData,
  name: string,
  newId: NewId,
): { data: WorkspaceData } | { error: string } {
  const trimmed = name.trim();
  if (!trimmed) return { error: 'Give the layout a name.' };
  if (trimmed.length > 80) return { error: 'That name is too long (80 characters at most).' };
  const current = activeLayout(data);
  if (!current) return { error: 'There is no layout to save.' };
  if (current.name === trimmed) return { data };
  const layout = { name: trimmed, root: tree.cloneWithNewIds(current.root, newId) };
  const exists = data.layouts.some((l) => l.name === trimmed);
  const layouts = exists
    ? data.layouts.map((l) => (l.name === trimmed ? layout : l))
    : [...data.layouts, layout];
  return { data: { ...data, layouts, activeLayout: trimmed } };
}

/** Deletes a layout; the last one stays. */
export function deleteLayout(data: WorkspaceData, name: string): WorkspaceData {
  if (data.layouts.length <= 1 || !data.layouts.some((l) => l.name === name)) return data;
  const layouts = data.layouts.filter((l) => l.name !== name);
  const activeLayout = data.activeLayout === name ? (layouts[0]?.name ?? '') : data.activeLayout;
  return { ...data, layouts, activeLayout };
}

/** Brings the default layouts back; watchlists and link symbols stay. */
export function resetLayouts(data: WorkspaceData): WorkspaceData {
  const fresh = defaultWorkspace();
  return {
    layouts: fresh.layouts,
    activeLayout: fresh.activeLayout,
    watchlists: data.watchlists.length > 0 ? data.watchlists : fresh.watchlists,
    linkSymbols: { ...fresh.linkSymbols, ...data.linkSymbols },
  };
}
