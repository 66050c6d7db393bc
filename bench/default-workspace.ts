/**
 * What the default workspace (src/renderer/src/workspace/default-workspace.ts) asks the
 * feed hub for, as its panes ask it: the active layout's shown panes (each tab group's
 * active pane), a quote board one subscription per market of its watchlist (the board's
 * own `groupSymbols`), a ladder and a chart on their link group's symbol, a tape on its
 * codes, news on its market and language. For the benchmarks that drive the hub without
 * a browser; the e2e specs and the UI benchmarks run the page itself.
 */
import type { SubscriptionSpec } from '../src/shared/bridge';
import { groupSymbols } from '../src/renderer/src/panes/quotes/board';
import { defaultWorkspace } from '../src/renderer/src/workspace/default-workspace';
import { allTabs } from '../src/renderer/src/workspace/layout-tree';
import { symbolOf } from '../src/renderer/src/workspace/navigation';
import { activeRoot } from '../src/renderer/src/workspace/workspace-layouts';
import type { PaneConfig, SymbolRef } from '../src/renderer/src/workspace/pane-contract';

/** One shown pane and what it subscribes. */
export interface PaneSpecs {
  id: string;
  specs: SubscriptionSpec[];
}

/** The subscriptions of the default workspace's shown panes, pane by pane. */
export function defaultWorkspaceSpecs(): PaneSpecs[] {
  const ws = defaultWorkspace();
  return allTabs(activeRoot(ws)).map((t) => {
    const pane = t.panes.find((p) => p.id === t.activeId) ?? t.panes[0]!;
    return { id: pane.id, specs: specsOf(pane, symbolOf(pane, ws.linkSymbols), ws.watchlists) };
  });
}

function specsOf(
  pane: PaneConfig,
  symbol: SymbolRef | null,
  watchlists: ReturnType<typeof defaultWorkspace>['watchlists'],
): SubscriptionSpec[] {
  const o = pane.options as Record<string, unknown>;
  switch (pane.kind) {
    case 'quotes': {
      const list = watchlists.find((w) => w.id === o['watchlistId']);
      return [...groupSymbols(list?.symbols ?? []).values()].map((sel) => ({
        kind: 'quotes',
        ...sel,
      }));
    }
    case 'depth':
      return symbol
        ? [
            {
              kind: 'depth',
              class: symbol.class,
              region: symbol.region,
              exchange: symbol.exchange,
              codes: [symbol.code],
            },
          ]
        : [];
    case 'chart':
      return symbol ? [{ kind: 'candles', series: { ...symbol, kType: o['kType'] as 1 } }] : [];
    case 'ticks': {
      const codes = o['codes'] as string[];
      return codes.length > 0 ? [{ kind: 'ticks', region: o['region'] as string, codes }] : [];
    }
    case 'news':
      return [{ kind: 'news', market: o['market'] as string, lang: o['lang'] as string }];
    // The company card and the events pane ask once; the alerts pane reads the alert service.
    case 'company':
    case 'alerts':
    case 'events':
      return [];
    // Not in the default workspace: its depth and ticks would be the ladder's and tape's.
    case 'heatmap':
      return [];
  }
}
