/**
 * State of a tick tape: the bounded list of recent trades (`$state.raw`, a new
 * array per push of at most 200 rows) and the ticks subscription. Codes the source
 * does not know are named (`unknown`) and get no rows. Whenever it starts (a selection,
 * or a replay started, sought or ended) it lists the trades recorded up to then behind
 * the ones pushed (`loadTrades`: the trades it would list had it been open then).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { INITIAL_STATUS, PaneSubscription, type StatusView } from '../common/subscription';
import { tradesOf } from '../common/trades';
import { MAX_ROWS, Tape, type TapeRow } from './tape';

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
  #region = '';
  /** Counts starts: a past answered for an earlier one is not this one's. */
  #generation = 0;
  #sub: PaneSubscription<'ticks'>;
  readonly #bridge: MarketdeskBridge;

  constructor(bridge: MarketdeskBridge) {
    this.#bridge = bridge;
    this.#sub = new PaneSubscription(
      bridge,
      'ticks',
      (p) => (this.rows = this.#tape.apply(this.rows, this.#known(tradesOf(p)))),
      (s) => (this.status = s),
    );
  }

  /** Follows crypto codes of a region (none: no subscription). */
  setSelection(region: string, codes: readonly string[]): void {
    this.#region = region;
    this.#codes = [...codes];
    this.#start();
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
    this.#start();
  }

  dispose(): void {
    this.#sub.dispose();
  }

  /** An empty tape, then the recorded trades up to now behind what is pushed meanwhile. */
  #start(): void {
    this.#tape.reset();
    this.rows = [];
    const generation = ++this.#generation;
    const region = this.#region;
    const codes = [...this.#codes];
    if (codes.length === 0 || !region) return;
    this.#bridge.invoke('loadTrades', { region, codes, limit: MAX_ROWS }).then(
      (past) => {
        if (generation !== this.#generation) return;
        this.rows = this.#tape.backfill(this.rows, this.#known(past));
      },
      // Nothing recorded here (no recording store): the pushes alone.
      () => undefined,
    );
  }

  #known<T>(byCode: Record<string, T>): Record<string, T> {
    const unknown = this.unknown;
    if (unknown.length === 0) return byCode;
    return Object.fromEntries(Object.entries(byCode).filter(([code]) => !unknown.includes(code)));
  }
}
