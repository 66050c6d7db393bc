/**
 * The command palette's state: open or not, the query, the selected entry, and the
 * check a symbol command passes before it acts (a made-up code is refused with the
 * reason, in the palette, and nothing happens).
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import { SymbolGateState } from '../workspace/symbol-gate.svelte';
import type { SymbolCommand } from './palette-parse';

export class PaletteState {
  open = $state(false);
  query = $state('');
  selected = $state(0);
  readonly gate: SymbolGateState;

  constructor(bridge: MarketdeskBridge) {
    this.gate = new SymbolGateState(bridge, 'Press Enter again to open it unverified.');
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
  }

  /** The query was edited: back to the first entry, and an old check's verdict is moot. */
  edited(): void {
    this.selected = 0;
    this.gate.reset();
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
