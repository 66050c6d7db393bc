/**
 * The command palette's state: open or not, the query, the selected entry, and the
 * check a symbol command passes before it acts (a made-up code is refused with the
 * reason, in the palette, and nothing happens).
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import { SymbolSearchState } from '../base/symbols/symbol-search.svelte';
import { SymbolGateState } from '../workspace/symbol-gate.svelte';
import { paletteSearchOf, type SymbolCommand } from '../workspace/palette-parse';

export class PaletteState {
  open = $state(false);
  query = $state('');
  selected = $state(0);
  readonly gate: SymbolGateState;
  /** The symbol directory's answer for the query (by code or name), asked per keystroke. */
  readonly symbols: SymbolSearchState;

  constructor(bridge: MarketdeskBridge) {
    this.gate = new SymbolGateState(bridge, 'Press Enter again to open it unverified.');
    this.symbols = new SymbolSearchState(bridge, 8);
  }

  show(): void {
    this.open = true;
  }

  /** Closes and forgets the query and any pending check. */
  close(): void {
    this.open = false;
    this.query = '';
    this.selected = 0;
    this.gate.reset();
    this.symbols.clear();
  }

  /**
   * The query was edited: back to the first entry, an old check's verdict is moot, and
   * the directory is searched for the words before the modifiers ("tencent chart").
   */
  edited(): void {
    this.selected = 0;
    this.gate.reset();
    const search = paletteSearchOf(this.query);
    const filter = {
      ...(search.class ? { class: search.class } : {}),
      ...(search.region ? { region: search.region } : {}),
    };
    void this.symbols.search(search.text, filter, search.whole);
  }

  /**
   * Checks a command's symbol with the source: the command to run (with the source's
   * canonical symbol), or null when refused (`gate.problem` says why) or the palette
   * closed or changed meanwhile.
   */
  async check(command: SymbolCommand): Promise<SymbolCommand | null> {
    const symbol = await this.gate.pass(command.symbol);
    return symbol && this.open ? { ...command, symbol } : null;
  }
}
