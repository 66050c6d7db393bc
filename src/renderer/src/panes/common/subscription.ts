/**
 * One live subscription of a pane: subscribes through the bridge, filters the
 * pushed events by its subscription id, tracks `subscriptionStatus`, and
 * unsubscribes when the spec changes or the pane goes away. Panes never poll.
 * Plain TypeScript (no runes): the panes' `.svelte.ts` state classes keep the status
 * in `$state` through `onStatus`.
 */
import type {
  Events,
  MarketdeskBridge,
  SubscriptionSpec,
  SubscriptionState,
  SubscriptionPace,
} from '../../../../shared/bridge';
import { isTradingPhase, type MarketStateView, type UnixMs } from '../../../../shared/model';
import { DisposableStore } from '../../../../shared/emitter';
import { errorMessage } from '../../../../shared/errors';

/** The data events a subscription delivers (each carries a subscriptionId). */
export type DataEvent = 'quotes' | 'depth' | 'ticks' | 'news' | 'candles';

/** What a pane shows about a subscription's health. */
export interface StatusView {
  state: SubscriptionState;
  asOf: UnixMs | null;
  message?: string;
  /** Codes the source has no such product for (the rest of the subscription may be live). */
  unknownCodes?: readonly string[];
  /** Polled slower than asked to fit the plan: how often, and when it last was. */
  pace?: SubscriptionPace;
  /** The last bar the service corrected of those built from the stream, in words. */
  corrected?: string;
  /** The state of the market the prices come from (closed, a break, pre-market…). */
  market?: MarketStateView;
}

/**
 * The market the status's prices come from is closed or in a break: its group rests
 * (nothing is asked until it opens), so the pace it was polled at before the close is
 * no longer true, and its market's state says more.
 */
export function isResting(status: StatusView): boolean {
  return status.market?.phase != null && !isTradingPhase(status.market.phase);
}

/** The status before the first answer. */
export const INITIAL_STATUS: StatusView = { state: 'loading', asOf: null };

/** What a history-loading pane knows besides its subscription's status. */
export interface PageLoadView {
  status: StatusView;
  error: string | null;
  offline: boolean;
  asOf: UnixMs | null;
  loading: boolean;
}

/**
 * The badge of a pane that loads pages (chart, news): the subscription's trouble
 * first, else the page load's error, else an offline (cached) page.
 */
export function pageBadge(view: PageLoadView): StatusView {
  const s = view.status;
  if (s.state !== 'live' && s.state !== 'loading') return s;
  if (view.error) return { state: 'error', asOf: null, message: view.error };
  if (view.offline) return { state: 'offline', asOf: view.asOf };
  return view.loading ? INITIAL_STATUS : s;
}

/** Events that arrive before `subscribe` answers, kept by id (at most this many). */
const MAX_EARLY = 16;

/**
 * A subscription whose spec can change. `set(spec)` replaces it (null: none);
 * `dispose()` ends it. Events for the current id reach `onData`.
 */
export class PaneSubscription<E extends DataEvent> {
  #id: string | null = null;
  #generation = 0;
  #pending = 0;
  /** Payloads whose id is not known yet: `subscribe` may answer after the first push. */
  #early = new Map<string, Events[E]>();
  #earlyStatus = new Map<string, Events['subscriptionStatus']>();
  readonly #listening = new DisposableStore();
  #disposed = false;
  #state: SubscriptionState = 'loading';

  constructor(
    private readonly bridge: MarketdeskBridge,
    event: E,
    private readonly onData: (payload: Events[E]) => void,
    private readonly onStatus: (status: StatusView) => void,
  ) {
    this.#listening.add(
      bridge.on(event, (payload) => {
        const id = (payload as { subscriptionId: string | null }).subscriptionId;
        if (id !== null && id === this.#id) this.#deliver(payload);
        else if (id !== null && this.#pending > 0) remember(this.#early, id, payload);
      }),
    );
    this.#listening.add(
      bridge.on('subscriptionStatus', (s) => {
        if (s.subscriptionId === this.#id) this.#applyStatus(s);
        else if (this.#pending > 0) remember(this.#earlyStatus, s.subscriptionId, s);
      }),
    );
  }

  /** The current subscription id (null while none). */
  get id(): string | null {
    return this.#id;
  }

  /** Replaces the subscription. Resolves once subscribed (or failed: status says why). */
  async set(spec: SubscriptionSpec | null): Promise<void> {
    const generation = ++this.#generation;
    this.#release();
    this.#state = 'loading';
    if (!spec || this.#disposed) {
      this.onStatus(INITIAL_STATUS);
      return;
    }
    this.onStatus(INITIAL_STATUS);
    this.#pending++;
    try {
      const { subscriptionId } = await this.bridge.invoke('subscribe', { spec });
      if (generation !== this.#generation || this.#disposed) {
        // Superseded while in flight: this one is nobody's any more.
        void this.bridge.invoke('unsubscribe', { subscriptionId }).catch(() => undefined);
        return;
      }
      this.#id = subscriptionId;
      const status = this.#earlyStatus.get(subscriptionId);
      if (status) this.#applyStatus(status);
      const early = this.#early.get(subscriptionId);
      if (early) this.#deliver(early);
    } catch (error) {
      if (generation === this.#generation) {
        this.#state = 'error';
        this.onStatus({ state: 'error', asOf: null, message: errorMessage(error) });
      }
    } finally {
      this.#pending--;
      if (this.#pending === 0) {
        this.#early.clear();
        this.#earlyStatus.clear();
      }
    }
  }

  /** Unsubscribes and stops listening. */
  dispose(): void {
    this.#disposed = true;
    this.#generation++;
    this.#release();
    this.#listening.dispose();
  }

  #applyStatus(s: Events['subscriptionStatus']): void {
    this.#state = s.state;
    const view: StatusView = { state: s.state, asOf: s.asOf, message: s.message };
    if (s.unknownCodes && s.unknownCodes.length > 0) view.unknownCodes = s.unknownCodes;
    if (s.pace) view.pace = s.pace;
    if (s.corrected) view.corrected = s.corrected;
    if (s.market) view.market = s.market;
    this.onStatus(view);
  }

  #deliver(payload: Events[E]): void {
    // Data is proof of life: the hub need not say "live" to a pane joining a live poll.
    if (this.#state === 'loading') {
      this.#state = 'live';
      this.onStatus({ state: 'live', asOf: null });
    }
    this.onData(payload);
  }

  #release(): void {
    const id = this.#id;
    this.#id = null;
    if (id) void this.bridge.invoke('unsubscribe', { subscriptionId: id }).catch(() => undefined);
  }
}

function remember<T>(map: Map<string, T>, id: string, value: T): void {
  map.delete(id);
  map.set(id, value);
  if (map.size > MAX_EARLY) map.delete(map.keys().next().value as string);
}
