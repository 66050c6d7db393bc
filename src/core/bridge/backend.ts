/**
 * What the bridge's handlers need from the services, as narrow ports. The
 * composition root (`src/core/services.ts`) implements them; tests may fake them.
 * Keeping the bridge on ports rather than concrete classes means neither the
 * feed hub nor the stores need to know the bridge exists.
 */
import type {
  ChartEventsAnswer,
  CommandArgs,
  CommandResult,
  DepthHistory,
  EventListKind,
  InfoAnswer,
  RegionEventsAnswer,
  PopOutRequest,
  SaveFileAnswer,
  SaveFileRequest,
  SettingsChange,
  WorkspaceDocument,
} from '../../shared/bridge';
import type { Event } from '../../shared/emitter';
import type {
  Alert,
  AlertChange,
  AlertDraft,
  AppStatus,
  ConnectionReport,
  FeedPlan,
  Drawing,
  DrawingSet,
  Instrument,
  RecordingStatus,
  Settings,
  SymbolCheck,
  SymbolQuery,
  SymbolSearchAnswer,
  SymbolSearchQuery,
  ReplayControl,
  ReplayRequest,
  ReplaySpans,
  ReplayStatus,
} from '../../shared/model';
import type { AlertFeed, AlertFired } from '../alerts';
import type { CandleAnswer, CandleQuery, NewsAnswer, NewsQuery } from '../cache';

/**
 * The feed hub as the bridge sees it: what the alerts service uses of it
 * (`subscribe`, where `push` receives a subscription's events, and `unsubscribe`), and more.
 */
export interface FeedPort extends AlertFeed {
  /** Ends every subscription of a client (window closed, socket dropped). */
  dropClient(clientId: string): void;
  setVisibility(clientId: string, visible: boolean): void;
  /** The instrument the client's focused pane shows (null: none): streamed first of all. */
  setFocus(clientId: string, instrument: Instrument | null): void;
}

/** Cache-first history as the bridge sees it (HistoryService). */
export interface HistoryPort {
  loadCandles(series: CandleAnswer['series'], query: CandleQuery): Promise<CandleAnswer>;
  loadNews(query: NewsQuery): Promise<NewsAnswer>;
  /** Told of refreshed candles. */
  readonly onCandles: Event<CandleAnswer>;
}

/** The price alerts as the bridge sees them (AlertService). */
export interface AlertsPort {
  list(): Alert[];
  create(draft: AlertDraft): Alert;
  update(id: string, change: AlertChange): Alert;
  remove(id: string): void;
  /** Told with every alert after any change. */
  readonly onChange: Event<Alert[]>;
  /** Told of each firing. */
  readonly onFired: Event<AlertFired>;
}

/** The chart drawings per instrument as the bridge sees them (DrawingStore). */
export interface DrawingPort {
  get(instrument: Instrument): DrawingSet;
  save(instrument: Instrument, drawing: Drawing): DrawingSet;
  delete(instrument: Instrument, id: string): DrawingSet;
  /** Told of every saved change (the bridge tells every window). */
  readonly onChange: Event<DrawingSet>;
}

/** Calendar and corporate events, and a chart's markers, as the bridge sees them (EventsService). */
export interface EventsPort {
  regionEvents(region: string, kinds: readonly EventListKind[]): Promise<RegionEventsAnswer>;
  chartEvents(
    instrument: Instrument,
    from: number,
    to: number,
    options?: { refreshNews?: boolean },
  ): Promise<ChartEventsAnswer>;
}

/** The recording of what the workspace shows, as the bridge sees it (core/recording's Recorder). */
export interface RecordingPort {
  status(): RecordingStatus;
  setRecorded(instrument: Instrument, on: boolean): void;
  /** An instrument's recorded books and trades, bucketed (a heatmap's past). */
  depthHistory(args: CommandArgs<'loadDepthHistory'>): DepthHistory;
  /** The recorded trades up to now (a tick tape's rows when it starts). */
  trades(args: CommandArgs<'loadTrades'>): CommandResult<'loadTrades'>;
}

/** Replays of the recording (core/replay's ReplayService). */
export interface ReplayPort {
  spans(): ReplaySpans;
  start(request: ReplayRequest): Promise<ReplayStatus>;
  control(change: ReplayControl): ReplayStatus;
  stop(): Promise<null>;
  status(): ReplayStatus | null;
  readonly onChange: Event<ReplayStatus | null>;
}

/** Everything the handler table calls. */
export interface BridgeBackend {
  readonly feed: FeedPort;
  readonly history: HistoryPort;
  readonly alerts: AlertsPort;
  readonly drawings: DrawingPort;
  readonly events: EventsPort;
  /** Absent where nothing is recorded (a test's backend): its commands answer `not-found`. */
  readonly recording?: RecordingPort;
  /** Replays; absent where the app has no recording (tests' backends). */
  readonly replay?: ReplayPort;
  /** Stock reference data: the API, else the last snapshot (offline). */
  getInfo(args: { region: string; exchange: string; code: string }): Promise<InfoAnswer>;
  /** Checks a typed symbol against the current source (see `SymbolCheck`). */
  checkSymbol(symbol: SymbolQuery): Promise<SymbolCheck>;
  /** Searches the current source's symbol directory (see `SymbolSearchAnswer`). */
  searchSymbols(query: SymbolSearchQuery): Promise<SymbolSearchAnswer>;
  status(): AppStatus;
  /** What the feed does with the plan (the status bar's popover). */
  feedPlan(): FeedPlan;
  /**
   * About how long a request asked now waits for the plan's budget (ms): a deadline on
   * a user's request adds it, so a small plan's wait is not taken for a silent service.
   */
  budgetWaitMs(): number;
  /** Settings' connection Test: what works of the service in use (see core/link/connection-test). */
  testConnection(): Promise<ConnectionReport>;
  /** Told on every status change. */
  readonly onStatus: Event<AppStatus>;
  setToken(token: string): Promise<AppStatus>;
  clearToken(): Promise<AppStatus>;
  getSettings(): Settings;
  setSettings(patch: SettingsChange): Promise<Settings>;
  loadWorkspace(): Promise<WorkspaceDocument | null>;
  saveWorkspace(document: WorkspaceDocument): Promise<void>;
  /** Removes secrets (the token) from a text about to cross the bridge. */
  redact(text: string): string;
}

/**
 * What a shell (Electron main, browser host) does for the bridge: the commands
 * that need a window system.
 */
export interface ShellHooks {
  /** Opens an already-vetted http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /**
   * Opens a pane in its own window. Electron opens it and answers `openUrl: null`;
   * the browser host answers the address for the page to open.
   */
  popOut(
    request: PopOutRequest,
    clientId: string,
  ): Promise<{ windowId: string; openUrl: string | null }>;
  /**
   * Saves an export. Electron asks where (a save dialog) and writes it; the browser
   * host answers `download: true` for the page to download it.
   */
  saveFile(request: SaveFileRequest, clientId: string): Promise<SaveFileAnswer>;
  /**
   * Asks the user, in the shell's own dialog (not the page's), to turn updates on: true
   * when they agree. Null where the shell never updates (the browser host, an unpackaged
   * app). The only way updates are turned on: no bridge caller can answer for the user.
   */
  confirmAutoUpdate(clientId: string): Promise<boolean | null>;
}

/**
 * A command that must ask the service (stock info, a page back) answers or fails within
 * the request timeout in Settings plus this margin, the wait for the request budget.
 */
export const DEADLINE_MARGIN_MS = 2_000;
