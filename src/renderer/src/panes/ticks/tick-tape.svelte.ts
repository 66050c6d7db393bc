/**
 * State of a tick tape: the bounded list of recent ticks (`$state.raw`, a new
 * array per push of at most 200 rows) and the ticks subscription. Codes the source
 * does not know are named (`unknown`) and get no rows.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { Tick } from '../../../../shared/model';
import { INITIAL_STATUS, PaneSubscription, type StatusView } from '../common/subscription';
import { Tape, type TapeRow } from './tape';

export class TickTapeState {
  rows = $state.raw<readonly TapeRow[]>([]);
  status = $state.raw<StatusView>(INITIAL_STATUS);
  #codes = $state.raw<readonly string[]>([]);
  /** The followed codes the source has no such product for. */
  readonly unknown: readonly string[] = $derived(
    this.status.unknownCodes ?? (this.status.state === 'unknown' ? this.#codes : []),
  );
  #tape = new Tape();
  #timeline: string | null = null;
  #sub: PaneSubscription<'ticks'>;

  constructor(bridge: MarketdeskBridge) {
    this.#sub = new PaneSubscription(
      bridge,
      'ticks',
      (p) => (this.rows = this.#tape.apply(this.rows, this.#known(p.ticks))),
      (s) => (this.status = s),
    );
  }

  /** Follows crypto codes of a region (none: no subscription). */
  setSelection(region: string, codes: readonly string[]): void {
    this.#tape.reset();
    this.rows = [];
    this.#codes = [...codes];
    void this.#sub.set(
      codes.length > 0 && region ? { kind: 'ticks', region, codes: [...codes] } : null,
    );
  }

  /**
   * The data's timeline (see `PaneContext.timeline`): when a replay starts, seeks or
   * ends, the rows kept are of another time, so the tape starts again.
   */
  setTimeline(timeline: string): void {
    const first = this.#timeline === null;
    if (timeline === this.#timeline) return;
    this.#timeline = timeline;
    if (first) return;
    this.#tape.reset();
    this.rows = [];
  }

  dispose(): void {
    this.#sub.dispose();
  }

  #known(ticks: Record<string, Tick>): Record<string, Tick> {
    const unknown = this.unknown;
    if (unknown.length === 0) return ticks;
    return Object.fromEntries(Object.entries(ticks).filter(([code]) => !unknown.includes(code)));
  }
}
