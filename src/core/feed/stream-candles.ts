/**
 * Charts whose symbol streams: the forming candle is built from the pushes
 * (forming-candle.ts), and REST is asked only where the stream cannot know the answer —
 *
 * - when a bar closes: the first push past the bar's end (`rolled`), or, for a symbol
 *   that pushed nothing since, a timer at the bar's end and a grace for the service to
 *   close it (`CLOSE_GRACE_MS`). Not for a bar that had already ended when REST answered:
 *   that market is not trading (closed, a break, a holiday), and its next push says when
 *   it trades again;
 * - on a gap: a symbol new on the stream (shown, or back after a reconnect) is due a
 *   snapshot like every streamed price (group.ts `setStreamed`), and the poll asks every
 *   bar it missed (intervals.ts `candlePollLimit`);
 * - for history: the chart's own `loadCandles`, never the hub.
 *
 * Who wins: the service. A closed bar is what REST says it is; where the bar built from
 * the pushes differs (a trade between two pushes that set no day extreme, volume traded
 * before the first push of a bar), REST's replaces it in the chart and the cache, and the
 * chart's subscription is told in words what changed (`corrected`).
 */
import type { Candle, KType, UnixMs } from '../../shared/model';
import { KTYPES } from '../../shared/model';
import { formatCorrection } from './candle-correction';
import type { Group } from './group';
import type { FeedTimers, TimerHandle } from './types';

/** After a bar's end, how long the service is given to close it before REST is asked. */
export const CLOSE_GRACE_MS = 1_500;

export interface StreamCandlesDeps {
  timers: FeedTimers;
  now: () => UnixMs;
  /** Marks `code` of `g` due one REST poll, and polls it soon. */
  due: (g: Group, code: string) => void;
  /** Still a group of the hub (a timer may outlive it). */
  isCurrent: (g: Group) => boolean;
  /** A closed bar the stream built differed from the service's: said to its subscribers. */
  corrected: (g: Group, message: string) => void;
}

export class StreamCandles {
  /** The newest bar built from pushes, by `groupKey|code`. */
  readonly #built = new Map<string, Candle>();
  /** The close timer of each streamed series' forming bar, by `groupKey|code`. */
  readonly #closing = new Map<string, { at: UnixMs; timer: TimerHandle }>();
  /** Closed bars compared with the service's, and those it corrected. */
  closes = 0;
  corrections = 0;

  constructor(private readonly deps: StreamCandlesDeps) {}

  /** The forming bar moved by a push. */
  built(g: Group, code: string, candle: Candle): void {
    this.#built.set(`${g.key}|${code}`, candle);
  }

  /**
   * REST answered `g`'s candles (`series` by code): the bars the stream built are held
   * against the service's, and each streamed series' forming bar gets its close timer.
   */
  answered(g: Group, series: Readonly<Record<string, readonly Candle[]>>): void {
    if (g.route.kind !== 'candles') return;
    const kType = g.route.kType;
    for (const [code, candles] of Object.entries(series)) {
      const key = `${g.key}|${code}`;
      this.#compare(g, key, candles);
      const forming = candles.at(-1);
      if (forming && g.streamed.has(code)) this.#closeAt(g, code, key, forming, kType);
    }
  }

  clear(): void {
    for (const { timer } of this.#closing.values()) this.deps.timers.clearTimeout(timer);
    this.#closing.clear();
    this.#built.clear();
  }

  #compare(g: Group, key: string, candles: readonly Candle[]): void {
    const built = this.#built.get(key);
    if (!built) return;
    const last = candles.at(-1);
    // Still forming in REST's answer too: nothing to hold it against yet.
    if (!last || last.time <= built.time) return;
    this.#built.delete(key);
    const rest = candles.find((c) => c.time === built.time);
    if (!rest) return;
    this.closes++;
    const message = formatCorrection(built, rest);
    if (message === null) return;
    this.corrections++;
    this.deps.corrected(g, message);
  }

  #closeAt(g: Group, code: string, key: string, forming: Candle, kType: KType): void {
    const end = forming.time + KTYPES[kType].ms;
    const held = this.#closing.get(key);
    if (held?.at === end) return;
    if (held) this.deps.timers.clearTimeout(held.timer);
    this.#closing.delete(key);
    const now = this.deps.now();
    if (end <= now) return;
    const timer = this.deps.timers.setTimeout(
      () => {
        this.#closing.delete(key);
        if (this.deps.isCurrent(g) && g.streamed.has(code)) this.deps.due(g, code);
      },
      end - now + CLOSE_GRACE_MS,
    );
    this.#closing.set(key, { at: end, timer });
  }
}
