/**
 * The bridge's backend over the real services (settings, workspace, cache, history,
 * feed hub, market link, health): what the handler table calls, the composed
 * `AppStatus`, and stock info from the snapshot service, worded for the company card.
 */
import type { InfoAnswer, SettingsChange, WorkspaceDocument } from '../../shared/bridge';
import { DisposableStore, Emitter, type Event } from '../../shared/emitter';
import type {
  AppStatus,
  ConnectionReport,
  FeedPlan,
  MarketStateView,
  PlanName,
  Settings,
  SymbolCheck,
  SymbolQuery,
  SymbolSearchAnswer,
  SymbolSearchQuery,
  UnixMs,
} from '../../shared/model';
import { errorMessage } from '../../shared/errors';
import { streamSubscriptionLimit } from '../../shared/model';
import type { HistoryService, SnapshotService } from '../cache';
import { SourceChangedError } from '../cache';
import type { FeedStatus } from '../feed';
import { asBatch } from '../api';
import { classify, systemTimers, type HealthService, type Timers } from '../health';
import type { SettingsStore, WorkspaceStore } from '../settings';
import {
  DEADLINE_MARGIN_MS,
  type AlertsPort,
  type BridgeBackend,
  type DrawingPort,
  type EventsPort,
  type ReplayPort,
  type FeedPort,
  type RecordingPort,
} from './backend';
import { BridgeFailure } from './errors';
import { probeStream, testConnection, type MarketLink, type QuotedMarket } from '../link';
import type { NoticeService } from '../notices';

/** The feed hub as the backend uses it (FeedHub satisfies this). */
export interface HubLike extends FeedPort {
  status(): FeedStatus;
  feedPlan(limits: { subscriptions: number }): FeedPlan;
  /** The plan the stream's subscription refusals point to, or null. */
  suggestedPlan(): PlanName | null;
  /** What the service said refusing stream subscriptions, or null. */
  streamRefusal(): string | null;
  /** One quoted instrument per market the panes show. */
  quotedMarkets(): QuotedMarket[];
  /** The state of each market the panes show (absent: no market hours). */
  marketStates?(): MarketStateView[];
  readonly onStatus: Event<FeedStatus>;
}

export interface AppBackendDeps {
  settings: SettingsStore;
  workspace: WorkspaceStore;
  /** The chart drawings per instrument (the DrawingStore). */
  drawings: DrawingPort;
  /** Calendar and corporate events, a chart's markers (core/events' EventsService). */
  events: EventsPort;
  /** The current source's recording (a heatmap's past). */
  recordings?: RecordingPort;
  history: HistoryService;
  /** Stock info, API first and the source's snapshot on failure (on `health`, scoped to the link's source). */
  snapshots: SnapshotService;
  hub: HubLike;
  /** The price alerts (core/alerts' AlertService). */
  alerts: AlertsPort;
  link: MarketLink;
  /** The one health service: `AppStatus.health`, and what stock info records in and obeys. */
  health: HealthService;
  now: () => UnixMs;
  /** What the status tells the user (cache recovered, settings repaired…); a new one is a status change. */
  notices: NoticeService;
  /** Checks typed symbols against the current source (`checkSymbol`); wired by the composition root. */
  symbols?: { check(query: SymbolQuery): Promise<SymbolCheck> };
  /** The symbol directory of the current source (`searchSymbols`); wired by the composition root. */
  directory?: { search(query: SymbolSearchQuery): Promise<SymbolSearchAnswer> };
  /** Told when a market's state changes (core/market-hours); the status says it. */
  markets?: { readonly onChange: Event<void> };
  /** The recording of what the workspace shows (core/recording's Recorder). */
  recording?: RecordingPort;
  /** Replays of the recording (core/replay); absent: the replay commands are unavailable. */
  replay?: ReplayPort;
  /** Default: the global timers. */
  timers?: Timers;
  /** `getInfo` answers within this, whatever the service does; default the request timeout + {@link DEADLINE_MARGIN_MS}. */
  infoTimeoutMs?: number;
}

/** The health service's channel of stock info requests. */
const INFO_CHANNEL = 'info';

export class AppBackend implements BridgeBackend {
  readonly feed: FeedPort;
  readonly history: HistoryService;
  readonly alerts: AlertsPort;
  readonly drawings: DrawingPort;
  readonly events: EventsPort;
  readonly recording?: RecordingPort;
  readonly replay?: ReplayPort;
  readonly #deps: AppBackendDeps;
  readonly #statusChanged = new Emitter<AppStatus>();
  /** Told of a changed status: the changes of one tick as one, unchanged ones skipped. */
  readonly onStatus: Event<AppStatus> = this.#statusChanged.event;
  readonly #listening = new DisposableStore();
  #scheduled = false;
  #lastSent: string | null = null;

  constructor(deps: AppBackendDeps) {
    this.#deps = deps;
    this.feed = deps.hub;
    this.history = deps.history;
    this.alerts = deps.alerts;
    this.drawings = deps.drawings;
    this.events = deps.events;
    if (deps.recording) this.recording = deps.recording;
    if (deps.replay) this.replay = deps.replay;
    const changed = () => this.#changed();
    this.#listening.add(deps.hub.onStatus(changed));
    this.#listening.add(deps.health.onChange(changed));
    this.#listening.add(deps.link.onClient(changed));
    this.#listening.add(deps.settings.onChange(changed));
    this.#listening.add(deps.notices.onChange(changed));
    if (deps.markets) this.#listening.add(deps.markets.onChange(changed));
  }

  status(): AppStatus {
    const { hub, link, health } = this.#deps;
    const notices = this.#deps.notices.all;
    const feed = hub.status();
    const lastError = feed.lastError ?? link.lastError;
    const data = health.snapshot();
    return {
      mode: link.mode,
      hasToken: link.hasToken,
      tokenStorage: link.hasToken ? this.#deps.link.secretsKind : null,
      tokenSessionOnly: this.#deps.link.secretsKind === 'session',
      source: link.source,
      plan: { ...link.client.plan },
      // The health service keeps its messages redacted; redacted again, as all that leaves.
      health: {
        ...data,
        lastError: data.lastError === null ? null : link.redact(data.lastError),
        outsidePlan: data.outsidePlan === null ? null : link.redact(data.outsidePlan),
      },
      lastUpdate: feed.lastUpdate,
      budget: { ...feed.budget },
      lastError: lastError === null ? null : link.redact(lastError),
      notice: notices.length > 0 ? link.redact(notices.join(' ')) : null,
      // The REST minute's word first: it decides what every request may do.
      suggestedPlan: link.suggestedPlan ?? hub.suggestedPlan(),
      ...(hub.marketStates ? { markets: hub.marketStates() } : {}),
    };
  }

  feedPlan(): FeedPlan {
    const { hub, link, settings } = this.#deps;
    const plan = hub.feedPlan({ subscriptions: streamSubscriptionLimit(settings.get()) });
    // Messages may quote the service: redacted, as all that leaves.
    return {
      ...plan,
      lines: plan.lines.map((l) => (l.why === null ? l : { ...l, why: link.redact(l.why) })),
    };
  }

  budgetWaitMs(): number {
    return this.#deps.link.client.slotDelayMs();
  }

  async testConnection(): Promise<ConnectionReport> {
    const { link, hub, health, settings, now } = this.#deps;
    const current = settings.get();
    const client = link.client;
    return testConnection({
      mode: link.mode,
      address: URL.canParse(link.baseUrl) ? new URL(link.baseUrl).origin : link.baseUrl,
      plan: client.plan.name,
      client,
      markets: hub.quotedMarkets(),
      stream: current.streamEnabled
        ? { health: health.snapshot().stream, refusal: hub.streamRefusal() }
        : null,
      probeStream: (market) =>
        probeStream(
          (cls) => link.openStream({ cls, path: current.streamPaths[cls], limit: 1 }),
          market,
        ),
      redact: (text) => link.redact(text),
      now,
      signal: AbortSignal.timeout(current.requestTimeoutMs * 2 + DEADLINE_MARGIN_MS),
    });
  }

  async setToken(token: string): Promise<AppStatus> {
    await this.#deps.link.setToken(token);
    return this.status();
  }

  async clearToken(): Promise<AppStatus> {
    await this.#deps.link.clearToken();
    return this.status();
  }

  getSettings(): Settings {
    return this.#deps.settings.get();
  }

  async setSettings(patch: SettingsChange): Promise<Settings> {
    return this.#deps.settings.update(patch);
  }

  async loadWorkspace(): Promise<WorkspaceDocument | null> {
    const { document, notice } = this.#deps.workspace.load();
    if (notice) this.#deps.notices.add(notice);
    return document;
  }

  async saveWorkspace(document: WorkspaceDocument): Promise<void> {
    this.#deps.workspace.save(document);
  }

  /**
   * Stock info through the snapshot service (the API, else the source's last snapshot),
   * worded for the company card — within `infoTimeoutMs` whatever the service does.
   * Nothing is sent with a refused token or into a rate limit that outlasts that wait;
   * an unknown symbol answers `unknown` and no snapshot.
   */
  async getInfo(args: { region: string; exchange: string; code: string }): Promise<InfoAnswer> {
    const { snapshots, link, health } = this.#deps;
    // The client of the source the snapshot service captures as it starts: a switch
    // meanwhile must not file this answer (or read a fallback) under the new source.
    const client = link.client;
    const deadline = this.#deadline();
    try {
      const params = {
        region: args.region,
        code: args.code,
        ...(args.exchange ? { exchange: args.exchange } : {}),
      };
      const { answers } = await snapshots.fetch(
        'info',
        [{ class: 'stock', ...args }],
        () => client.info(params, { signal: deadline.signal }).then((r) => asBatch(args.code, r)),
        { signal: deadline.signal, maxWaitMs: deadline.remaining(), channel: INFO_CHANNEL },
      );
      const answer = answers[0]!;
      if (answer.from === 'service')
        return { info: answer.record, offline: false, asOf: answer.at };
      const error = answer.error;
      if (answer.from === null && answer.unknown) {
        // The source has no such product: a snapshot from before would be invented data.
        const message = link.redact(errorMessage(error));
        return { info: null, unknown: true, offline: false, asOf: null, error: message };
      }
      if (error instanceof SourceChangedError) {
        return { info: null, offline: false, asOf: null, error: error.message };
      }
      // Cancelled by the deadline: the client waited (budget, slow service) too long.
      const message = classify(error) === null ? deadline.message : errorMessage(error);
      const cached = answer.from === 'cache' ? answer : null;
      const offline = health.offline;
      const out: InfoAnswer = { info: cached?.record ?? null, offline, asOf: cached?.at ?? null };
      if (!offline || !cached) out.error = link.redact(message);
      return out;
    } finally {
      deadline.clear();
    }
  }

  /** Checks a typed symbol against the current source (the injected symbol checker). */
  async checkSymbol(symbol: SymbolQuery): Promise<SymbolCheck> {
    const symbols = this.#deps.symbols;
    if (!symbols) throw new BridgeFailure('internal', 'checkSymbol: no symbol checker is set up');
    return symbols.check(symbol);
  }

  /** Searches the current source's symbol directory (the injected directory). */
  async searchSymbols(query: SymbolSearchQuery): Promise<SymbolSearchAnswer> {
    const directory = this.#deps.directory;
    if (!directory) {
      throw new BridgeFailure('internal', 'searchSymbols: no symbol directory is set up');
    }
    return directory.search(query);
  }

  redact(text: string): string {
    return this.#deps.link.redact(text);
  }

  dispose(): void {
    this.#listening.dispose();
    this.#statusChanged.dispose();
  }

  /** An abort signal that fires `infoTimeoutMs` from now, on the injected timers. */
  #deadline() {
    const timers = this.#deps.timers ?? systemTimers;
    const ms =
      this.#deps.infoTimeoutMs ?? this.#deps.settings.get().requestTimeoutMs + DEADLINE_MARGIN_MS;
    const end = this.#deps.now() + ms;
    const controller = new AbortController();
    const handle = timers.setTimeout(() => controller.abort(), ms);
    return {
      signal: controller.signal,
      remaining: () => Math.max(0, end - this.#deps.now()),
      message: `The market data service did not answer within ${ms / 1000} s; showing the last saved data.`,
      clear: () => timers.clearTimeout(handle),
    };
  }

  /** Coalesces the changes of one tick into one status, and skips unchanged ones. */
  #changed(): void {
    if (this.#scheduled || !this.#statusChanged.hasListeners) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      const status = this.status();
      const key = JSON.stringify(status);
      if (key === this.#lastSent) return;
      this.#lastSent = key;
      this.#statusChanged.fire(status);
    });
  }
}
