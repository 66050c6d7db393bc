/**
 * The replay bar's state: the running replay (`getReplay` once, then every `replay`
 * event), the recorded spans to pick from, and the commands that start, steer and stop
 * a replay. A refusal is shown in the bar (`error`), and nothing changes.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { DisposableStore, type Disposable } from '../../../../shared/emitter';
import { errorMessage } from '../../../../shared/errors';
import type {
  Instrument,
  ReplayControl,
  ReplaySpans,
  ReplayStatus,
  UnixMs,
} from '../../../../shared/model';
import { instrumentKey } from '../../../../shared/model';

/** The bar's pick of what to replay: a span and an instrument (null: everything recorded). */
export interface ReplayPick {
  session: number | null;
  instrument: string | null;
  speed: number;
}

export class ReplayState {
  status = $state.raw<ReplayStatus | null>(null);
  /** The bar shows (a replay runs, or the user opened it to pick one). */
  open = $state(false);
  spans = $state.raw<ReplaySpans | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  pick = $state<ReplayPick>({ session: null, instrument: null, speed: 10 });
  readonly running = $derived(this.status !== null);
  /** When the status last came, on the wall clock (the replay clock runs on from it). */
  #heardAt = 0;

  constructor(
    private readonly bridge: MarketdeskBridge,
    private readonly wallClock: () => UnixMs = Date.now,
  ) {}

  /**
   * The data's clock for the panes: the replay clock's time during a replay (its last
   * status, run on at its speed while it plays, never past the span's end), else the
   * wall clock.
   */
  now(): UnixMs {
    const wall = this.wallClock();
    const s = this.status;
    if (!s) return wall;
    if (s.paused || s.ended) return s.time;
    return Math.min(s.to, s.time + Math.max(0, wall - this.#heardAt) * s.speed);
  }

  /**
   * The panes' timeline: '' live; during a replay its source and the seeks made (from
   * any window: the status every window is told counts them).
   */
  timeline(): string {
    const s = this.status;
    return s ? `${s.source}@${s.from}-${s.to}#${s.seeks}` : '';
  }

  start(): Disposable {
    const store = new DisposableStore();
    let heard = false;
    store.add(
      this.bridge.on('replay', ({ status }) => {
        heard = true;
        this.#take(status);
      }),
    );
    this.bridge.invoke('getReplay', {}).then(
      (status) => {
        if (!heard) this.#take(status);
      },
      (error: unknown) => {
        this.error = errorMessage(error);
      },
    );
    return store;
  }

  /** Opens the bar and reads what was recorded. */
  async show(): Promise<void> {
    this.open = true;
    await this.loadSpans();
  }

  hide(): void {
    if (!this.running) this.open = false;
  }

  async loadSpans(): Promise<void> {
    await this.#run(async () => {
      const spans = await this.bridge.invoke('replaySpans', {});
      this.spans = spans;
      const newest = spans.spans.at(-1);
      if (this.pick.session === null || !spans.spans.some((s) => s.session === this.pick.session)) {
        this.pick.session = newest?.session ?? null;
      }
    });
  }

  /** Starts the picked span and instrument at the picked speed. */
  async play(): Promise<void> {
    const span = this.spans?.spans.find((s) => s.session === this.pick.session);
    if (!span) {
      this.error = 'Pick a recorded span first.';
      return;
    }
    const instrument: Instrument | null =
      this.spans?.instruments.find((i) => instrumentKey(i) === this.pick.instrument) ?? null;
    await this.#run(async () => {
      this.#take(
        await this.bridge.invoke('replayStart', {
          from: span.from,
          to: span.to,
          instrument,
          speed: this.pick.speed,
        }),
      );
    });
  }

  control(change: ReplayControl): Promise<void> {
    return this.#run(async () => this.#take(await this.bridge.invoke('replayControl', change)));
  }

  setSpeed(speed: number): Promise<void> {
    this.pick.speed = speed;
    return this.running ? this.control({ speed }) : Promise.resolve();
  }

  seek(time: UnixMs): Promise<void> {
    return this.control({ seek: time });
  }

  /** Back to live (or demo) data. */
  async live(): Promise<void> {
    await this.#run(async () => {
      await this.bridge.invoke('replayStop', {});
      this.#take(null);
    });
    this.open = false;
  }

  #take(status: ReplayStatus | null): void {
    this.#heardAt = this.wallClock();
    this.status = status;
    if (status) {
      this.open = true;
      this.pick.speed = status.speed;
    }
  }

  async #run(work: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.error = null;
    try {
      await work();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }
}
