/**
 * The add-symbol form's state: what is typed, and the two checks a symbol passes
 * before it joins a watchlist — its form and canonical code (`parseSymbolInput`), then
 * the source's word on it (`SymbolGate`: an unknown code is refused with the reason;
 * one that cannot be checked now is added only when asked twice).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { SymbolMatch } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { SymbolGateState } from '../../workspace/symbol-gate.svelte';
import { parseSymbolInput, symbolKey } from './board';

export class AddSymbolState {
  assetClass = $state('stock');
  region = $state('US');
  exchange = $state('');
  code = $state('');
  readonly gate: SymbolGateState;
  #inputError = $state<string | null>(null);

  constructor(bridge: MarketdeskBridge) {
    this.gate = new SymbolGateState(bridge, 'Press Add again to add it unverified.');
  }

  /** Why the symbol was not added: its form, or the source's answer. */
  get error(): string | null {
    return this.#inputError ?? this.gate.problem;
  }

  /** Something was typed: an earlier verdict no longer applies. */
  edited(): void {
    this.#inputError = null;
    this.gate.reset();
  }

  /** A search result chosen: its canonical code, class and region (the primary exchange). */
  choose(match: SymbolMatch): void {
    this.assetClass = match.class;
    this.region = match.region;
    this.exchange = '';
    this.code = match.code;
    this.edited();
  }

  /** The symbol to add (canonical, known to the source), or null with `error` saying why. */
  async submit(existing: readonly SymbolRef[]): Promise<SymbolRef | null> {
    const parsed = parseSymbolInput(
      { class: this.assetClass, region: this.region, exchange: this.exchange, code: this.code },
      existing,
    );
    if (!parsed.ok) {
      this.gate.reset();
      this.#inputError = parsed.error;
      return null;
    }
    this.#inputError = null;
    const symbol = await this.gate.pass(parsed.symbol);
    if (!symbol) return null;
    // The source's canonical form may name a symbol the list already has.
    if (existing.some((s) => symbolKey(s) === symbolKey(symbol))) {
      this.#inputError = `${symbol.code} is already on this list`;
      return null;
    }
    this.code = '';
    return symbol;
  }
}
