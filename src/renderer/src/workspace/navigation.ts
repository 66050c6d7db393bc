/**
 * Which pane a palette command acts on: the focused pane when it is of the asked
 * kind (or no kind was asked), else a pane of that kind in the focused pane's link
 * group, else the first pane of that kind; null when one must be added.
 */
import type { LinkGroup, PaneConfig, PaneKind, SymbolRef } from './pane-contract';

export function chooseTarget(
  panes: readonly PaneConfig[],
  focused: PaneConfig | null,
  kind: PaneKind | null,
): PaneConfig | null {
  if (!kind) return focused ?? panes.find((p) => p.link !== null) ?? panes[0] ?? null;
  if (focused?.kind === kind) return focused;
  const sameGroup = focused?.link
    ? panes.find((p) => p.kind === kind && p.link === focused.link)
    : undefined;
  return sameGroup ?? panes.find((p) => p.kind === kind) ?? null;
}

/**
 * The kinds that show one instrument and name it beside their title: in their tab, the
 * palette's "Focus …" entries and a pop-out's title. The board, the news, the tape (its
 * own list of codes, or its group's crypto pair) and the alerts show many or none, so
 * naming one symbol there would say something the pane does not show.
 */
const ONE_SYMBOL_KINDS: ReadonlySet<PaneKind> = new Set(['depth', 'chart', 'company']);

/** Whether a pane of `kind` shows one instrument, named beside its title. */
export function showsOneSymbol(kind: PaneKind): boolean {
  return ONE_SYMBOL_KINDS.has(kind);
}

/** The symbol a pane shows: its link group's, or its own. */
export function symbolOf(
  pane: PaneConfig,
  linkSymbols: Partial<Record<Exclude<LinkGroup, null>, SymbolRef>>,
): SymbolRef | null {
  return (pane.link ? linkSymbols[pane.link] : undefined) ?? pane.symbol;
}

/** The next link group of the header chip's cycle: none → red → green → blue → yellow → none. */
export function nextLink(link: LinkGroup): LinkGroup {
  const order: LinkGroup[] = [null, 'red', 'green', 'blue', 'yellow'];
  return order[(order.indexOf(link) + 1) % order.length] ?? null;
}

export function sameSymbol(a: SymbolRef | null, b: SymbolRef | null): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.class === b.class &&
      a.region === b.region &&
      a.exchange === b.exchange &&
      a.code === b.code)
  );
}
