/**
 * State of a tick tape: the bounded list of recent ticks (`$state.raw`, a new
 * array per push of at most 200 rows) and the ticks subscription.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { INITIAL_STATUS, PaneSubscription, type StatusView } from '../common/subscription';
import { Tape, type TapeRow } from './tape';

export class TickTapeState {
  rows = $state.raw<readonly TapeRow[]>([]);
  status = $state.raw<StatusView>(INITIAL_STATUS);
  #tape = new Tape();
  #sub: PaneSubscription<'ticks'>;

  constructor(bridge: MarketdeskBridge) {
    this.#sub = new PaneSubscription(
      bridge,
      'ticks',
      (p) => (this.rows = this.#tape.apply(this.rows, p.ticks)),
      (s) => (this.status = s),
    );
  }

  /** Follows crypto codes of a region (none: no subscription). */
  setSelection(region: string, codes: readonly string[]): void {
    this.#tape.reset();
    this.rows = [];
    void this.#sub.set(
      codes.length > 0 && region ? { kind: 'ticks', region, codes: [...codes] } : null,
    );
  }

  dispose(): void {
    this.#sub.dispose();
  }
}
