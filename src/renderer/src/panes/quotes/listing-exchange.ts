/**
 * The listing exchange a board export names for a symbol: the source's symbol
 * directory's, found by the symbol's code. A board row's own `exchange` is '' for the
 * region's primary exchange, which a file should still name.
 *
 * While the directory is still reading the source's list (the first moments after a
 * start) it asks again, as a symbol field does, for up to {@link LISTING_WAIT_MS}:
 * an export made then would otherwise name no exchange for rows the list has yet to
 * reach. After that, or when the directory has no such entry or the ask fails, the
 * symbol's own exchange is what the file says.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { systemTimers, type Timers } from '../../../../shared/timers';
import { AGAIN_MS } from '../../base/symbols/symbol-search.svelte';
import type { SymbolRef } from '../../workspace/pane-contract';

/** How long an export waits for a directory still reading the source's list. */
export const LISTING_WAIT_MS = 10_000;

export async function listingExchange(
  bridge: Pick<MarketdeskBridge, 'invoke'>,
  symbol: SymbolRef,
  timers: Timers = systemTimers,
  now: () => number = Date.now,
): Promise<string> {
  const until = now() + LISTING_WAIT_MS;
  for (;;) {
    let loading: boolean;
    try {
      const answer = await bridge.invoke('searchSymbols', {
        query: { text: symbol.code, class: symbol.class, region: symbol.region, limit: 5 },
      });
      const match = answer.results.find(
        (m) => m.code === symbol.code && m.region === symbol.region && m.class === symbol.class,
      );
      if (match?.exchange) return match.exchange;
      loading = answer.loading;
    } catch {
      return symbol.exchange;
    }
    if (!loading || now() + AGAIN_MS > until) return symbol.exchange;
    await new Promise<void>((resolve) => timers.setTimeout(resolve, AGAIN_MS));
  }
}
