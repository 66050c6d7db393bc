/**
 * The palette's entries for the current state: a "go" entry when the query is a
 * symbol command (checked with the source before it acts), then every action of the
 * app (so all of it is reachable from the keyboard).
 */
import { KTYPES, instrumentKey, type SymbolMatch } from '../../../shared/model';
import { isStrongMatch } from '../base/symbols/symbol-search.svelte';
import { allPanes } from '../workspace/layout-tree';
import { LINK_GROUPS } from '../workspace/pane-contract';
import type { LinkGroup } from '../workspace/pane-contract';
import { PANE_KINDS, PANE_KIND_TABLE } from '../workspace/pane-kinds';
import type { AppModel } from './app-model.svelte';
import { shortcutText } from '../base/keybindings';
import {
  paletteSearchOf,
  parseSymbolCommand,
  type SymbolCommand,
} from '../workspace/palette-parse';
import { alertPaletteItem } from './alert-palette';
import { recordingSwitchItem } from './recording-palette';
import { filterItems } from './palette-items';
import type { PaletteItem } from './palette-items';

function actions(app: AppModel): PaletteItem[] {
  const ws = app.workspace;
  const focused = ws.focusedPane;
  const items: PaletteItem[] = PANE_KINDS.map((kind) => ({
    id: `add-${kind}`,
    label: `Add ${PANE_KIND_TABLE[kind].title.toLowerCase()} pane`,
    keywords: `new ${kind}`,
    run: () => app.showPane(ws.addPane(kind)),
  }));
  for (const pane of allPanes(ws.root)) {
    if (pane.id === focused?.id) continue;
    const symbol = ws.namedSymbolOf(pane);
    items.push({
      id: `focus-${pane.id}`,
      label: `Focus ${pane.title}${symbol ? ` · ${symbol.code}` : ''}`,
      keywords: `pane ${pane.kind}`,
      run: () => app.showPane(pane.id),
    });
  }
  for (const layout of ws.layouts) {
    if (layout.name === ws.activeName) continue;
    items.push({
      id: `layout-${layout.name}`,
      label: `Switch layout: ${layout.name}`,
      run: () => ws.switchLayout(layout.name),
    });
  }
  items.push(
    { id: 'save-layout', label: 'Save layout as…', run: () => void (app.saveAsOpen = true) },
    ...(ws.layouts.length > 1
      ? [
          {
            id: 'delete-layout',
            label: `Delete layout: ${ws.activeName}`,
            keywords: 'remove',
            run: () => app.deleteLayout(ws.activeName),
          },
        ]
      : []),
    {
      id: 'reset-layouts',
      label: 'Reset layouts to the defaults',
      keywords: 'restore default workspace',
      run: () => app.resetLayouts(),
    },
    {
      id: 'undo',
      label: ws.undoLabel ? `Undo: ${ws.undoLabel}` : 'Undo (nothing to undo)',
      keywords: 'revert back',
      hint: shortcutText('app', 'undo'),
      run: () => app.undo(),
    },
    {
      id: 'redo',
      label: ws.redoLabel ? `Redo: ${ws.redoLabel}` : 'Redo (nothing to redo)',
      keywords: 'again forward',
      hint: shortcutText('app', 'redo'),
      run: () => app.redo(),
    },
    {
      id: 'shortcuts',
      label: 'Show keyboard shortcuts',
      keywords: 'keys help cheat sheet keyboard',
      hint: shortcutText('app', 'shortcuts'),
      run: () => void (app.shortcutsOpen = true),
    },
    {
      id: 'theme',
      label: `Switch to the ${app.settings.theme === 'dark' ? 'light' : 'dark'} theme`,
      keywords: 'toggle theme dark light colours',
      run: () => void app.toggleTheme(),
    },
    app.replay.running
      ? {
          id: 'replay-live',
          label: 'End the replay: back to live (or demo) data',
          keywords: 'replay live stop end recording',
          run: () => void app.replay.live(),
        }
      : {
          id: 'replay',
          label: 'Replay a recording…',
          keywords: 'replay recorded playback history session',
          run: () => void app.replay.show(),
        },
    {
      id: 'settings',
      label: 'Open settings',
      keywords: 'token plan preferences api',
      hint: shortcutText('app', 'settings'),
      run: () => app.openSettings(),
    },
  );
  if (focused) {
    const name = `${focused.title}`;
    items.push(
      {
        id: 'pop-out',
        label: `Pop out ${name}`,
        keywords: 'window detach',
        run: () => void app.popOut(focused.id),
      },
      {
        id: 'split-right',
        label: `Split ${name} right`,
        run: () => app.showPane(ws.splitPane(focused.id, 'row') ?? focused.id),
      },
      {
        id: 'split-down',
        label: `Split ${name} down`,
        run: () => app.showPane(ws.splitPane(focused.id, 'column') ?? focused.id),
      },
      {
        id: 'close',
        label: `Close ${name}`,
        keywords: 'remove pane',
        run: () => app.closePane(focused.id),
      },
    );
    const recording = recordingSwitchItem(
      app.recording.status,
      ws.symbolOf(focused),
      (symbol, on) => void app.recording.setRecorded(symbol.instrument, on),
    );
    if (recording) items.push(recording);
    for (const link of [...LINK_GROUPS, null] as LinkGroup[]) {
      if (link === focused.link) continue;
      items.push({
        id: `link-${link ?? 'none'}`,
        label: link ? `Link ${name} to the ${link} group` : `Unlink ${name}`,
        keywords: 'link group colour',
        run: () => {
          ws.setLink(focused.id, link);
          app.showPane(focused.id);
        },
      });
    }
  }
  return items;
}

/** "chart 1d", or "focused pane": where a symbol command opens. */
function whereOf({ kind, kType }: Pick<SymbolCommand, 'kind' | 'kType'>): string {
  return [
    kind ? PANE_KIND_TABLE[kind].title.toLowerCase() : 'focused pane',
    kType ? KTYPES[kType].label : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Opens a command's symbol once the source knows it (the palette stays open meanwhile). */
function goItem(app: AppModel, command: SymbolCommand): () => Promise<void> {
  return async () => {
    const palette = app.palette;
    const checked = await palette.check(command);
    if (!checked) return;
    palette.close();
    app.showPane(app.workspace.goTo(checked));
  };
}

/** The directory's results for the query, as entries that open them. */
function symbolItems(app: AppModel, query: string): { strong: PaletteItem[]; weak: PaletteItem[] } {
  const search = paletteSearchOf(query);
  const strong: PaletteItem[] = [];
  const weak: PaletteItem[] = [];
  const checking = app.palette.gate.checking;
  for (const match of app.palette.symbols.results) {
    const command: SymbolCommand = {
      symbol: { class: match.class, region: match.region, exchange: '', code: match.code },
      kind: search.kind,
      kType: search.kType,
      regionGuessed: false,
    };
    // Warned once that it could not be checked: Enter again opens it all the same.
    const unverified = app.palette.gate.unverifiedKey === instrumentKey(command.symbol);
    const item: PaletteItem = {
      id: `sym-${match.class}-${match.region}-${match.code}`.replace(/[^A-Za-z0-9_-]/g, '_'),
      label: `${match.code} ${match.region} ${match.name}`,
      symbol: match,
      hint: checking
        ? 'checking…'
        : `${unverified ? 'anyway (not verified) ' : ''}→ ${whereOf(command)}`,
      keepsOpen: true,
      run: goItem(app, command),
    };
    (isStrongMatch(match as SymbolMatch) ? strong : weak).push(item);
  }
  return { strong, weak };
}

/** The entries for a query, best first. */
export function paletteItems(app: AppModel, query: string): PaletteItem[] {
  const matched = filterItems(actions(app), query);
  // `alert AAPL US > 230`: the alert (or what it lacks) first.
  const alert = alertPaletteItem(app, query);
  if (alert) return [alert, ...matched];
  const { strong, weak } = symbolItems(app, query);
  const command = parseSymbolCommand(query);
  if (!command) return [...strong, ...matched, ...weak];
  const { symbol } = command;
  const where = whereOf(command);
  const palette = app.palette;
  // Warned once that it could not be checked: Enter again opens it all the same.
  const unverified = palette.gate.unverifiedKey === instrumentKey(symbol);
  const go: PaletteItem = {
    id: 'go',
    label: `Go to ${symbol.code} ${symbol.region}${unverified ? ' anyway (not verified)' : ''}`,
    hint: palette.gate.checking ? 'checking…' : `${symbol.class} → ${where}`,
    keepsOpen: true,
    run: goItem(app, command),
  };
  // The directory already offers this very symbol: no second entry for it.
  const key = instrumentKey(symbol);
  const listed = [...strong, ...weak].some(
    (i) => i.symbol && instrumentKey({ ...i.symbol, exchange: '' }) === key,
  );
  const gos = listed ? [] : [go];
  // A typed region makes it plainly a symbol; otherwise matching actions come first.
  if (command.regionGuessed && matched.length > 0 && strong.length === 0) {
    return [...matched, ...weak, ...gos];
  }
  return command.regionGuessed
    ? [...strong, ...matched, ...weak, ...gos]
    : [...strong, ...gos, ...matched, ...weak];
}
