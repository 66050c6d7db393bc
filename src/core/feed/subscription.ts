/**
 * One pane's subscription: what it asked for, what it was last pushed (a fingerprint
 * per code, so only changes travel) and the state it was last told.
 */
import type {
  Events,
  SubscriptionPace,
  SubscriptionSpec,
  SubscriptionState,
} from '../../shared/bridge';
import type { MarketStateView, UnixMs } from '../../shared/model';
import type { KindAdapter, SliceMeta } from './kinds';
import type { Stored } from './store';
import type { HubEvent, PushFn } from './types';

export class Subscription {
  /** The state last pushed; null before the first. */
  state: SubscriptionState | null = null;
  message: string | undefined = undefined;
  /** Codes the source has no such product for, as last pushed (with every state). */
  unknownCodes: readonly string[] = [];
  /** Receive time of the newest data pushed (or cached data shown). */
  asOf: UnixMs | null = null;
  /** When the group last answered with this subscription's data; null before. */
  liveAt: UnixMs | null = null;
  /** Subscribed, or last turned visible: staleness is not counted from before. */
  since: UnixMs;
  /** Fingerprint of the record last pushed, by code. */
  readonly sent = new Map<string, string>();
  /** Polled slower than asked: how often, and when last; null otherwise (see `setPace`). */
  pace: SubscriptionPace | null = null;
  /** The last correction of a bar built from the stream, in words (see `setCorrection`). */
  correction: string | null = null;
  /** The state of the market its prices come from (null: none known, or news). */
  market: MarketStateView | null = null;

  constructor(
    readonly id: string,
    readonly clientId: string,
    readonly spec: SubscriptionSpec,
    /** Codes whose records this subscription receives (news: the one news key). */
    readonly codes: readonly string[],
    /** The group serving it; null when the API has no endpoint for it. */
    readonly groupKey: string | null,
    private readonly push: PushFn,
    private readonly onPushError: (error: unknown) => void,
    now: UnixMs,
  ) {
    this.since = now;
  }

  /**
   * Pushes the records of `records` (by code) that differ from what this subscription
   * was last pushed — of `only` those codes, when given (what a stream push changed);
   * true when something was pushed. `offline`: the API is unreachable; `cached`: the
   * records are a first paint's, not fresh; `earlier`: what was pushed before the newest
   * (see `SliceMeta`).
   */
  deliver(
    adapter: KindAdapter<unknown>,
    records: ReadonlyMap<string, Stored<unknown>>,
    {
      offline,
      cached = false,
      earlier,
    }: { offline: boolean; cached?: boolean; earlier?: SliceMeta['earlier'] },
    only?: ReadonlySet<string>,
  ): boolean {
    const slice = new Map<string, unknown>();
    let asOf = this.asOf;
    for (const code of only ? this.#mine(only) : this.codes) {
      const r = records.get(code);
      if (!r) continue;
      const fp = adapter.fingerprint(r.record);
      if (this.sent.get(code) === fp) continue;
      this.sent.set(code, fp);
      slice.set(code, r.record);
      asOf = asOf === null ? r.at : Math.max(asOf, r.at);
    }
    if (slice.size === 0) return false;
    this.asOf = asOf;
    const meta = { asOf, offline, cached, ...(earlier && { earlier }) };
    for (const event of adapter.events(this.spec, this.id, slice, meta)) {
      this.emit(event);
    }
    return true;
  }

  /**
   * Pushes a `subscriptionStatus` event when the state, its message or the unknown codes
   * changed. The unknown codes stay as they were unless given: an outage does not make a
   * symbol the source has not got any less unknown.
   */
  setState(
    state: SubscriptionState,
    message?: string,
    unknownCodes: readonly string[] = this.unknownCodes,
  ): void {
    const sameCodes = unknownCodes.join(',') === this.unknownCodes.join(',');
    if (this.state === state && this.message === message && sameCodes) return;
    this.state = state;
    this.message = message;
    this.unknownCodes = [...unknownCodes];
    this.#tell();
  }

  /**
   * How this subscription is paced: polled every `everyMs` (slower than asked) and last
   * answered at `checkedAt`, or null (at its asked pace, or streamed). Told to the pane
   * whenever it changes, each answer of a slowed poll included, so the pane can show
   * the data's age where it shows the data.
   */
  setPace(pace: SubscriptionPace | null): void {
    const was = this.pace;
    if (was === pace) return;
    if (was && pace && was.everyMs === pace.everyMs && was.checkedAt === pace.checkedAt) return;
    this.pace = pace;
    if (this.state !== null) this.#tell();
  }

  /** Its market's state changed: told to the pane with its status (once it has one). */
  setMarket(view: MarketStateView | null): void {
    if (JSON.stringify(this.market) === JSON.stringify(view)) return;
    this.market = view;
    this.#tell();
  }

  /** The service corrected a bar built from the stream: told to the pane, kept while it lives. */
  setCorrection(text: string): void {
    if (this.correction === text) return;
    this.correction = text;
    this.#tell();
  }

  #tell(): void {
    const { state, message, unknownCodes } = this;
    if (state === null) return;
    const payload: Events['subscriptionStatus'] = {
      subscriptionId: this.id,
      state,
      asOf: this.asOf,
    };
    if (message !== undefined) payload.message = message;
    if (unknownCodes.length > 0) payload.unknownCodes = [...unknownCodes];
    if (this.pace) payload.pace = { ...this.pace };
    if (this.correction) payload.corrected = this.correction;
    if (this.market) payload.market = { ...this.market };
    this.emit({ event: 'subscriptionStatus', payload });
  }

  /** The codes of `codes` this subscription receives, costing the smaller of the two. */
  #mine(codes: ReadonlySet<string>): string[] {
    if (codes.size >= this.codes.length) return this.codes.filter((c) => codes.has(c));
    this.#codeSet ??= new Set(this.codes);
    return [...codes].filter((c) => this.#codeSet!.has(c));
  }

  #codeSet: Set<string> | null = null;

  private emit(event: HubEvent): void {
    try {
      this.push(event);
    } catch (error) {
      // A window that went away mid-push must not break the poll for everyone else.
      this.onPushError(error);
    }
  }
}
