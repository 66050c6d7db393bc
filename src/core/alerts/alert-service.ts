/**
 * The alerts service: keeps the alerts (made, changed, paused, deleted; saved in
 * `alerts.json`), subscribes the feed hub to the quotes of every symbol an active alert
 * of the current data source watches — as a consumer of its own, so alerts fire with no
 * pane of that symbol open and whichever windows are open or hidden — and evaluates
 * each update (see alert-rules.ts). Only prices the hub marks live are evaluated: a
 * first paint from the cache, or data shown while offline, never fires an alert.
 */
import { randomUUID } from 'node:crypto';
import type { BridgeEventMessage, Events, SubscriptionSpec } from '../../shared/bridge';
import { Emitter, type Event } from '../../shared/emitter';
import type {
  Alert,
  AlertChange,
  AlertDraft,
  AlertFiring,
  DataSourceId,
  Quote,
  UnixMs,
} from '../../shared/model';
import { MAX_ALERTS, canonicalInstrument, instrumentKey, isTradingPhase } from '../../shared/model';
import { StoreError } from '../settings/store-error';
import { AlertIndex, type Fired } from './alert-rules';
import type { AlertStore } from './alert-store';

/** The feed hub as the alerts service uses it. */
export interface AlertFeed {
  /** Starts a subscription owned by `clientId`; `push` receives its events. */
  subscribe(
    clientId: string,
    spec: SubscriptionSpec,
    push: (event: BridgeEventMessage) => void,
  ): string;
  unsubscribe(subscriptionId: string): void;
}

/** The hub client id of the alerts' subscriptions (never a window's, never dropped). */
export const ALERTS_CLIENT_ID = 'alerts';

export interface AlertServiceDeps {
  /** Where the alerts are kept: alerts.json, or memory for a replay's sandbox. */
  store: Pick<AlertStore, 'load' | 'save'>;
  feed: AlertFeed;
  /** The current data source: alerts of another are kept but not evaluated. */
  source: () => DataSourceId;
  now?: () => UnixMs;
  /** Where a failed save of a firing goes (the save of a command fails the command). */
  onError?: (error: unknown) => void;
}

/** An alert that fired, with the firing (the alert as it is after it). */
export interface AlertFired {
  alert: Alert;
  firing: AlertFiring;
}

/** Thrown for an id that names no alert (the bridge answers `not-found`). */
export class AlertNotFoundError extends Error {
  override readonly name = 'AlertNotFoundError';
  readonly code = 'not-found';
}

/** One hub subscription: a market's codes. */
interface MarketSub {
  id: string;
  /** `instrumentKey` of its codes, less the code: the index's key is this + code. */
  prefix: string;
  codesKey: string;
  spec: Extract<SubscriptionSpec, { kind: 'quotes' }>;
  live: boolean;
  /** Its market is closed (a state the hub vouches for): alerts not kept active then wait. */
  closed: boolean;
  /** Quotes delivered while not live, evaluated once it is. */
  pending: Map<string, Quote>;
}

export class AlertService {
  readonly #deps: AlertServiceDeps;
  readonly #now: () => UnixMs;
  readonly #alerts = new Map<string, Alert>();
  #index = new AlertIndex();
  #indexSource: DataSourceId;
  readonly #markets = new Map<string, MarketSub>();
  readonly #changed = new Emitter<Alert[]>();
  readonly #fired = new Emitter<AlertFired>();
  #saveQueued = false;
  #disposed = false;
  /** Told with every alert after any change (made, changed, deleted, fired). */
  readonly onChange: Event<Alert[]> = this.#changed.event;
  /** Told of each firing. */
  readonly onFired: Event<AlertFired> = this.#fired.event;
  /** What loading the file had to say (null when nothing). */
  readonly notice: string | null;

  constructor(deps: AlertServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    const { alerts, notice } = deps.store.load();
    this.notice = notice;
    for (const alert of alerts) this.#alerts.set(alert.id, alert);
    this.#indexSource = deps.source();
    this.#reindex();
  }

  /** Every alert, newest first. */
  list(): Alert[] {
    return [...this.#alerts.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Makes an alert on the current source. @throws StoreError (too many, not saved). */
  create(draft: AlertDraft): Alert {
    if (this.#alerts.size >= MAX_ALERTS) {
      throw new StoreError(
        'bad-argument',
        `There are already ${MAX_ALERTS.toLocaleString('en-US')} alerts, the most kept; delete some first.`,
      );
    }
    const alert: Alert = {
      id: randomUUID(),
      instrument: canonicalInstrument(draft.instrument),
      condition: { ...draft.condition },
      repeat: draft.repeat,
      state: 'active',
      source: this.#deps.source(),
      createdAt: this.#now(),
      lastFired: null,
      firedCount: 0,
      ...(draft.whileClosed ? { whileClosed: true } : {}),
    };
    this.#commit(alert.id, () => this.#alerts.set(alert.id, alert));
    return alert;
  }

  /**
   * Changes an alert's condition, repeat or state. A changed condition, or `active` on a
   * fired alert, arms it again. @throws AlertNotFoundError, StoreError.
   */
  update(id: string, change: AlertChange): Alert {
    const old = this.#get(id);
    const next: Alert = {
      ...old,
      ...(change.condition ? { condition: { ...change.condition } } : {}),
      ...(change.repeat ? { repeat: change.repeat } : {}),
      ...(change.state ? { state: change.state } : {}),
      ...(change.whileClosed === undefined ? {} : { whileClosed: change.whileClosed }),
    };
    this.#commit(id, () => this.#alerts.set(id, next));
    return next;
  }

  /** @throws AlertNotFoundError, StoreError. */
  remove(id: string): void {
    this.#get(id);
    this.#commit(id, () => this.#alerts.delete(id));
  }

  /** The data source changed: evaluate only the new one's alerts, from fresh prices. */
  sourceChanged(): void {
    if (this.#disposed || this.#deps.source() === this.#indexSource) return;
    this.#indexSource = this.#deps.source();
    for (const market of this.#markets.values()) this.#unsubscribe(market);
    this.#markets.clear();
    this.#reindex();
  }

  /** Symbols watched for the current source (for tests and diagnostics). */
  watched(): string[] {
    return [...this.#index.keys()];
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const market of this.#markets.values()) this.#unsubscribe(market);
    this.#markets.clear();
    this.#changed.dispose();
    this.#fired.dispose();
  }

  #get(id: string): Alert {
    const alert = this.#alerts.get(id);
    if (!alert) throw new AlertNotFoundError(`There is no alert ${id} (it may have been deleted).`);
    return alert;
  }

  /** Applies a change to alert `id`, saves (undone if the save fails), re-indexes it and tells. */
  #commit(id: string, apply: () => void): void {
    const before = new Map(this.#alerts);
    apply();
    try {
      this.#deps.store.save([...this.#alerts.values()]);
    } catch (error) {
      this.#alerts.clear();
      for (const [id, a] of before) this.#alerts.set(id, a);
      throw error;
    }
    // Only this alert is re-armed: the others keep their previous prices and windows.
    this.#index.remove(id);
    const alert = this.#alerts.get(id);
    if (alert?.source === this.#indexSource) this.#index.add(alert);
    this.#subscribeWatched();
    this.#changed.fire(this.list());
  }

  /** The index of the current source's active alerts, and its subscriptions. */
  #reindex(): void {
    const source = this.#indexSource;
    this.#index = new AlertIndex([...this.#alerts.values()].filter((a) => a.source === source));
    this.#subscribeWatched();
  }

  /** One hub subscription per market of the current source's active alerts. */
  #subscribeWatched(): void {
    const source = this.#indexSource;
    const wanted = new Map<string, Extract<SubscriptionSpec, { kind: 'quotes' }>>();
    for (const alert of this.#alerts.values()) {
      if (alert.source !== source || alert.state !== 'active') continue;
      const i = alert.instrument;
      const key = `${i.class}:${i.region}:${i.exchange}`;
      let spec = wanted.get(key);
      if (!spec) {
        spec = {
          kind: 'quotes',
          class: i.class,
          region: i.region,
          exchange: i.exchange,
          codes: [],
        };
        wanted.set(key, spec);
      }
      if (!spec.codes.includes(i.code)) spec.codes.push(i.code);
    }
    if (this.#disposed) return;
    for (const [key, spec] of wanted) {
      spec.codes.sort();
      const codesKey = spec.codes.join(',');
      const old = this.#markets.get(key);
      if (old?.codesKey === codesKey) continue;
      // The new subscription first: the codes both hold stay in their group, unpolled never.
      this.#markets.set(key, this.#subscribe(spec, codesKey));
      if (old) this.#unsubscribe(old);
    }
    for (const [key, old] of this.#markets) {
      if (wanted.has(key)) continue;
      this.#unsubscribe(old);
      this.#markets.delete(key);
    }
  }

  #subscribe(spec: MarketSub['spec'], codesKey: string): MarketSub {
    const prefix = instrumentKey({ ...spec, code: '' });
    const market: MarketSub = {
      id: '',
      prefix,
      codesKey,
      spec,
      live: false,
      closed: false,
      pending: new Map(),
    };
    market.id = this.#deps.feed.subscribe(ALERTS_CLIENT_ID, spec, (message) =>
      this.#onMessage(market, message),
    );
    return market;
  }

  #unsubscribe(market: MarketSub): void {
    this.#deps.feed.unsubscribe(market.id);
    market.id = '';
  }

  #onMessage(market: MarketSub, message: BridgeEventMessage): void {
    if (market.id === '') return; // unsubscribed
    if (message.event === 'quotes') {
      const { quotes } = message.payload as Events['quotes'];
      if (market.live) this.#evaluate(market, Object.entries(quotes));
      else for (const [code, q] of Object.entries(quotes)) market.pending.set(code, q);
    } else if (message.event === 'subscriptionStatus') {
      const status = message.payload as Events['subscriptionStatus'];
      market.live = status.state === 'live';
      // Known closed only: an unknown market's hours close nothing.
      market.closed = status.market !== undefined && !isTradingPhase(status.market.phase ?? 'open');
      if (market.live && market.pending.size > 0) {
        const pending = [...market.pending];
        market.pending.clear();
        this.#evaluate(market, pending);
      }
    }
  }

  #evaluate(market: MarketSub, quotes: [string, Quote][]): void {
    const fired: Fired[] = [];
    for (const [code, q] of quotes) {
      const at = q.time > 0 ? q.time : this.#now();
      this.#index.evaluate(market.prefix + code, q.last, at, fired, market.closed);
    }
    if (fired.length > 0) this.#record(fired);
  }

  /** Records firings: each alert's last firing and count, `once` ones fired; saved soon. */
  #record(fired: Fired[]): void {
    const told: AlertFired[] = [];
    const firedAt = this.#now();
    for (const { alert, firing: quoted } of fired) {
      // When it fired, beside the quote's own time (which may be a day old).
      const firing = { ...quoted, firedAt };
      const current = this.#alerts.get(alert.id);
      if (!current) continue;
      const next: Alert = {
        ...current,
        lastFired: firing,
        firedCount: current.firedCount + 1,
        state: current.repeat === 'once' ? 'fired' : current.state,
      };
      this.#alerts.set(next.id, next);
      told.push({ alert: next, firing });
    }
    // A fired `once` alert may leave its symbol unwatched (after this push is done).
    if (fired.some((f) => f.alert.repeat === 'once')) {
      queueMicrotask(() => this.#disposed || this.#subscribeWatched());
    }
    this.#saveLater();
    for (const f of told) this.#fired.fire(f);
    this.#changed.fire(this.list());
  }

  /** Firings are saved once per turn, off the evaluation's path. */
  #saveLater(): void {
    if (this.#saveQueued) return;
    this.#saveQueued = true;
    queueMicrotask(() => {
      this.#saveQueued = false;
      try {
        this.#deps.store.save([...this.#alerts.values()]);
      } catch (error) {
        (this.#deps.onError ?? console.error)(error);
      }
    });
  }
}
