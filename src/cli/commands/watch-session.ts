/**
 * One run of `marketdesk watch`: a REST snapshot first — the first rows, and which codes
 * the service does not list (the stream skips those without a word) — then the class's
 * stream (core/stream's StreamClient), until Ctrl+C (or SIGTERM), `--count` or `--for`.
 *
 * A stream that drops or cannot be reached is retried with the client's backoff and
 * said (the live table's status line, else stderr); when it is back, one REST snapshot
 * refreshes every row, so nothing stays stale. A refused token ends the run with the
 * words every other command uses.
 */
import type { BatchResult, Result } from '../../core/api';
import { envelopeError } from '../../core/api/http-errors';
import { isOfflineError, isUnknownSymbol } from '../../core/cache';
import { StreamClient, type StreamPush, type StreamState } from '../../core/stream';
import { STREAM_MESSAGES, STREAM_REFUSED, type StreamType } from '../../shared/api/stream';
import type { Instrument } from '../../shared/model';
import { errorMessage } from '../../shared/errors';
import { CliError, OPTION_WORDS, type CliContext } from '../context';
import { unknownSymbolLine } from '../snapshot-fetch';
import type { Market } from './command';
import type { WatchView } from './watch-view';

export interface WatchPlan {
  market: Market;
  /** Canonical codes, in the order asked. */
  codes: readonly string[];
  type: StreamType;
  /** The REST batch that answers the same records. */
  fetch(codes: string[]): Promise<Result<BatchResult<unknown>>>;
  /** The stream endpoint's address and credentials. */
  baseUrl: string;
  token: string;
  /** Symbols the connection may subscribe (the plan's stream subscriptions). */
  limit: number;
  /** Stop after this many streamed updates. */
  count: number;
  /** Stop after this long; null: until stopped. */
  forMs: number | null;
  view: WatchView;
}

/** The signals that stop a watch (Ctrl+C, and a polite kill). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Runs the watch; resolves to the exit status, rejects with a CliError. */
export function runWatch(ctx: CliContext, plan: WatchPlan): Promise<number> {
  return new Watch(ctx, plan).run();
}

class Watch {
  readonly #ctx: CliContext;
  readonly #p: WatchPlan;
  readonly #stream: StreamClient;
  readonly #unknown = new Set<string>();
  /** Codes watched: every code asked for but those the service does not list. */
  #wanted: string[];
  /** Per code, the update number of its latest push: a slower REST answer must not undo it. */
  readonly #pushedAt = new Map<string, number>();
  #pushes = 0;
  /** The stream was down (or never seen up): refresh by REST once it streams. */
  #wasDown = false;
  #overflowNoted = '';
  #end: { resolve(code: number): void; reject(error: unknown): void } | null = null;

  constructor(ctx: CliContext, plan: WatchPlan) {
    this.#ctx = ctx;
    this.#p = plan;
    this.#wanted = [...plan.codes];
    this.#stream = new StreamClient({
      cls: plan.market.class,
      baseUrl: plan.baseUrl,
      token: plan.token,
      limit: plan.limit,
      now: ctx.now,
    });
  }

  async run(): Promise<number> {
    const cleanup: (() => void)[] = [];
    try {
      if (!(await this.#snapshot(this.#wanted))) this.#wasDown = true;
      if (this.#wanted.length === 0) return 1;
      const done = new Promise<number>((resolve, reject) => (this.#end = { resolve, reject }));
      const stop = () => this.#finish();
      for (const signal of STOP_SIGNALS) {
        process.on(signal, stop);
        cleanup.push(() => process.off(signal, stop));
      }
      if (this.#p.forMs !== null) {
        const timer = setTimeout(stop, this.#p.forMs);
        cleanup.push(() => clearTimeout(timer));
      }
      this.#stream.onState((s) => this.#onState(s));
      this.#stream.onPush((p) => this.#onPush(p));
      if (this.#p.type === 'quote') {
        // A crypto quote pushed without open/high/low is completed from a whole one.
        this.#stream.onSnapshotNeeded((i) => this.#refresh([i.code]));
      }
      this.#want();
      return await done;
    } finally {
      for (const undo of cleanup) undo();
      this.#stream.dispose();
      this.#p.view.close();
    }
  }

  #instrument(code: string): Instrument {
    return { ...this.#p.market, code };
  }

  #want(): void {
    const { market, type } = this.#p;
    this.#stream.setWanted(
      this.#wanted.map((code) => ({ region: market.region, code, types: [type] })),
    );
  }

  /** Ends the watch: 0, or 1 when a code asked for is not listed (as the other commands). */
  #finish(): void {
    this.#end?.resolve(this.#unknown.size > 0 ? 1 : 0);
  }

  #fail(error: unknown): void {
    this.#end?.reject(error);
  }

  /**
   * Takes a REST snapshot of `codes` and shows it. False when the service could not be
   * reached; a refusal (token, HTTP) is thrown as the CliError the other commands print.
   */
  async #snapshot(codes: string[]): Promise<boolean> {
    const asked = this.#pushes;
    const r = await this.#p.fetch(codes);
    if (!r.ok) {
      if (isUnknownSymbol(r.error)) codes.forEach((c) => this.#notListed(c));
      else if (isOfflineError(r.error)) {
        this.#ctx.note(`no REST snapshot: ${errorMessage(r.error)}`);
        return false;
      } else throw new CliError(errorMessage(r.error));
      return true;
    }
    for (const code of r.value.missing) this.#notListed(code);
    for (const [code, error] of Object.entries(r.value.failed)) {
      if (isUnknownSymbol(error)) this.#notListed(code);
      else this.#ctx.note(`${code}: ${errorMessage(error)}`);
    }
    const { market, type } = this.#p;
    const receivedAt = this.#ctx.now();
    for (const [code, record] of Object.entries(r.value.data)) {
      if ((this.#pushedAt.get(code) ?? 0) > asked) continue;
      const push = { type, instrument: this.#instrument(code), [type]: record } as StreamPush;
      if (push.type === 'quote') this.#stream.seedQuote(market.region, code, push.quote);
      this.#p.view.update({ push, via: 'rest', receivedAt });
    }
    return true;
  }

  /** A code the service does not list: said once, no longer watched. */
  #notListed(code: string): void {
    if (this.#unknown.has(code)) return;
    this.#unknown.add(code);
    this.#ctx.note(unknownSymbolLine(this.#instrument(code)));
    this.#wanted = this.#wanted.filter((c) => c !== code);
    if (this.#end === null) return;
    if (this.#wanted.length === 0) return this.#finish();
    this.#want();
  }

  #refresh(codes: string[]): void {
    this.#snapshot(codes).catch((error: unknown) => this.#fail(error));
  }

  #onPush(push: StreamPush): void {
    // One socket read may hold several frames: none is shown past --count.
    if (this.#pushes >= this.#p.count) return;
    const code = push.instrument.code;
    this.#pushedAt.set(code, ++this.#pushes);
    const shown = { ...push, instrument: this.#instrument(code) };
    this.#p.view.update({ push: shown, via: 'stream', receivedAt: this.#ctx.now() });
    if (this.#pushes >= this.#p.count) this.#finish();
  }

  #onState(s: StreamState): void {
    const { view } = this.#p;
    switch (s.kind) {
      case 'connecting':
        return view.status(
          s.attempt > 1 ? `reconnecting (attempt ${s.attempt})` : 'connecting',
          false,
        );
      case 'streaming':
      case 'over-limit': {
        // Authenticated first, acknowledged later: back once every symbol has its answer.
        const settled = s.subscribed + s.overflow >= this.#wanted.length;
        const refused = s.kind === 'over-limit' ? `; ${s.message}` : '';
        const what = settled ? 'streaming' : 'subscribing';
        const text = `${what} ${s.subscribed} of ${this.#wanted.length}${refused}`;
        view.status(text, settled && this.#wasDown);
        if (!settled) return;
        this.#noteOverflow();
        if (this.#wasDown) {
          this.#wasDown = false;
          this.#refresh(this.#wanted);
        }
        return;
      }
      case 'reconnecting': {
        this.#wasDown = true;
        const inS = Math.max(0, Math.ceil((s.nextAttemptAt - this.#ctx.now()) / 1000));
        return view.status(`stream down: ${s.message}; retrying in ${inS} s`, true);
      }
      case 'refused': {
        // The words every command uses for a refused token.
        const { authFailed } = STREAM_MESSAGES;
        const refusal = envelopeError(
          'stream',
          STREAM_REFUSED,
          authFailed,
          undefined,
          OPTION_WORDS,
        );
        return this.#fail(new CliError(errorMessage(refusal)));
      }
      case 'idle':
      case 'disposed':
        return;
    }
  }

  /** Says, once per change, which codes the connection's limit leaves out. */
  #noteOverflow(): void {
    const left = this.#stream.overflow().map((i) => i.code);
    const text = left.join(', ');
    if (text === this.#overflowNoted) return;
    this.#overflowNoted = text;
    if (left.length > 0) {
      this.#ctx.note(
        `not watched, past the ${this.#p.limit} symbols one stream connection may hold (--plan): ${text}`,
      );
    }
  }
}
