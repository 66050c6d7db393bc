/** A `SymbolGate` whose fields are reactive (see ./symbol-gate). */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { SymbolRef } from './pane-contract';
import { SymbolGate, type GateFields } from './symbol-gate';

export class SymbolGateState implements GateFields {
  checking = $state(false);
  problem = $state<string | null>(null);
  unverifiedKey = $state<string | null>(null);
  #gate: SymbolGate;

  constructor(bridge: MarketdeskBridge, confirmHint: string) {
    this.#gate = new SymbolGate(bridge, this, confirmHint);
  }

  pass(symbol: SymbolRef): Promise<SymbolRef | null> {
    return this.#gate.pass($state.snapshot(symbol));
  }

  reset(): void {
    this.#gate.reset();
  }
}
