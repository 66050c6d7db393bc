/**
 * The one contract between the main side (Electron main process or browser host)
 * and the renderer: commands (a verb, one argument object, a promise) and events.
 * Channel names are derived here and nowhere else. The main side validates every
 * argument (src/core/bridge) and answers `BridgeResponse` values; errors cross as
 * `{ code, message }`, never as stacks. Everything that crosses is plain data.
 */
import type {
  Alert,
  AlertChange,
  AlertDraft,
  AlertFiring,
  AppStatus,
  AssetClass,
  Candle,
  DepthBook,
  Drawing,
  DrawingSet,
  ConnectionReport,
  DataSourceId,
  FeedPlan,
  Instrument,
  Ipo,
  MarketStateView,
  NewsItem,
  Quote,
  RecordingStatus,
  RefreshIntervals,
  SeriesKey,
  Settings,
  Split,
  StockInfo,
  SymbolCheck,
  SymbolQuery,
  SymbolSearchAnswer,
  SymbolSearchQuery,
  Tick,
  UnixMs,
  ReplayControl,
  ReplayRequest,
  ReplaySpans,
  ReplayStatus,
} from './model';
import type { Holiday } from './calendar';
import type { DeepLink } from './deep-link';
import { Emitter, type Disposable } from './emitter';

// ---------------------------------------------------------------- subscriptions

/** Instruments of one market: class, region, exchange (stock only) and codes. */
export interface MarketSelection {
  class: AssetClass;
  region: string;
  /** Stock only; empty for the primary exchange. */
  exchange: string;
  codes: string[];
}

/** What a pane shows. The feed hub merges every pane's wishes into the fewest requests. */
export type SubscriptionSpec =
  | ({ kind: 'quotes' } & MarketSelection)
  | ({ kind: 'depth' } & MarketSelection)
  | { kind: 'ticks'; region: string; codes: string[] }
  | { kind: 'candles'; series: SeriesKey }
  | { kind: 'news'; market: string; lang: string };

export type SubscriptionKind = SubscriptionSpec['kind'];

/** How often a subscription slower than asked is refreshed, and when it last was. */
export interface SubscriptionPace {
  everyMs: number;
  checkedAt: UnixMs;
}

/** Health of one subscription, pushed as the `subscriptionStatus` event. */
export type SubscriptionState =
  | 'loading'
  | 'live'
  /** Data older than N poll intervals. */
  | 'stale'
  /** The API is unreachable; the data shown is cached. */
  | 'offline'
  /** The plan does not cover this market. */
  | 'not-entitled'
  /** The service answered 429: the data shown waits for the budget to recover. */
  | 'rate-limited'
  /** The service refused the token: nothing is fetched until a new one is set. */
  | 'token-rejected'
  /** The source has no such symbol (every code of the subscription; see `unknownCodes`). */
  | 'unknown'
  | 'error';

// ---------------------------------------------------------------- command payloads

/** A page of candles, cache-first: cached rows at once, a refresh follows as an event. */
export interface CandlesPage {
  series: SeriesKey;
  /** Ascending by time. */
  candles: Candle[];
  /** True when nothing older exists. */
  atHistoryStart: boolean;
  /** The API could not be reached: these are cached candles. */
  offline: boolean;
  /** When the data was last fetched from the API; null if never. */
  asOf: UnixMs | null;
  /** A background refresh is under way; a `candles` event follows. */
  refreshing: boolean;
  error?: string;
}

export interface NewsPageAnswer {
  market: string;
  lang: string;
  /** The cursor this page was asked with; null for the newest page. */
  cursor: string | null;
  /** Newest first. */
  items: NewsItem[];
  nextCursor: string | null;
  hasMore: boolean;
  offline: boolean;
  asOf: UnixMs | null;
  refreshing: boolean;
  error?: string;
}

export interface InfoAnswer {
  info: StockInfo | null;
  /** The source has no such symbol (E001): nothing to show, and nothing cached is shown. */
  unknown?: boolean;
  offline: boolean;
  asOf: UnixMs | null;
  error?: string;
}

/** A pane popped out into its own window. */
export interface PopOutRequest {
  /** Id of the pane in the workspace. */
  paneId: string;
  title: string;
  width?: number;
  height?: number;
}

/** A text file to save where the user says (an export). */
export interface SaveFileRequest {
  /** The suggested file name, no folders (`watchlist-20260101-120000.csv`). */
  name: string;
  /** Its MIME type (`text/csv`); the extension of `name` is the filter offered. */
  type: string;
  text: string;
}

/**
 * How a save went. The Electron shell asks where with a save dialog and writes the
 * file (`path`, or null when the user cancelled); the browser host answers
 * `download: true` and the page downloads it itself.
 */
export interface SaveFileAnswer {
  path: string | null;
  download: boolean;
}

/** The saved workspace: layouts and watchlists; opaque to the main side (size-capped). */
export interface WorkspaceDocument {
  version: number;
  data: unknown;
}

/** A change to the settings: any subset of the keys; `intervals` may be partial (merged). */
export type SettingsChange = Partial<Omit<Settings, 'intervals'>> & {
  intervals?: Partial<RefreshIntervals>;
};

// ------------------------------------------- calendar and corporate events (issue 27)

/** The lists a region has, and the row each holds. */
export interface EventRows {
  splits: Split;
  'ipos-upcoming': Ipo;
  'ipos-recent': Ipo;
  /** The region's closed days and half days (its calendar's holiday list). */
  holidays: Holiday;
}

export type EventListKind = keyof EventRows;

const EVENT_LIST_TABLE = {
  splits: true,
  'ipos-upcoming': true,
  'ipos-recent': true,
  holidays: true,
} as const satisfies Record<EventListKind, true>;

/** Every list a region has, in the events pane's order. */
export const EVENT_LIST_KINDS = Object.keys(EVENT_LIST_TABLE) as [
  EventListKind,
  ...EventListKind[],
];

/** One list as shown: its rows (cached, or just fetched), how old, and what went wrong. */
export interface EventList<T> {
  rows: T[];
  /** When the source last answered it; null when never. */
  asOf: UnixMs | null;
  /** The source could not be reached: the rows are the cache's. */
  offline: boolean;
  /** Why the rows are not fresh: not in the plan, or an error, in words. */
  problem?: { kind: 'not-in-plan' | 'error'; message: string };
}

/** A region's lists, as asked. */
export interface RegionEventsAnswer {
  region: string;
  lists: { [K in EventListKind]?: EventList<EventRows[K]> };
}

/** What a chart marks: its instrument's splits and IPO, and the cached news about it. */
export interface ChartEventsAnswer {
  instrument: Instrument;
  splits: Split[];
  ipo: Ipo | null;
  /** Cached news items about the instrument in the range asked, newest first. */
  news: NewsItem[];
  /** When the splits were last fetched; null when never. */
  asOf: UnixMs | null;
  offline: boolean;
  problem?: EventList<unknown>['problem'];
}

// ------------------------------------------------------ recorded depth (issue 28)

/** Most time buckets one depth history may span (a heatmap's columns). */
export const DEPTH_HISTORY_MAX_BUCKETS = 4_800;
/** Most trades one depth history carries (the newest of the span). */
export const DEPTH_HISTORY_MAX_TRADES = 20_000;

/**
 * Most trades of a code one ticks event carries before its newest (`earlier`): a page
 * that falls behind has its held events merged into one (the browser host's outbox),
 * and this bounds what it holds; the tape lists 200.
 */
export const MAX_EARLIER_TRADES = 1_000;

/**
 * An instrument's recorded books and trades over a span, from the current source's
 * recording, bucketed for a heatmap to take at once: per time bucket that holds a depth
 * frame, its last frame (the book the bucket shows), its levels as flat columns.
 */
export interface DepthHistory {
  instrument: Instrument;
  /** The source whose recording answered (demo, or the live service's id). */
  source: DataSourceId;
  from: UnixMs;
  to: UnixMs;
  bucketMs: number;
  /** Per bucket with a frame, oldest first: the arrival time of its last frame. */
  times: UnixMs[];
  /** Per such frame: how many bid levels, then ask levels, it lists (in `levels`' order). */
  bidCounts: number[];
  askCounts: number[];
  /**
   * Every frame's levels, bids then asks, frame after frame (best first, numbered by
   * position): price (null: an empty level), size and orders.
   */
  prices: (number | null)[];
  volumes: number[];
  orders: number[];
  /** The recorded trades (ticks) of the span, oldest first; the newest when over the cap. */
  trades: { times: UnixMs[]; prices: number[]; volumes: number[] };
  /**
   * When the newest book or trade of the instrument in the span arrived (null: none
   * recorded; its quotes alone are not what a heatmap shows).
   */
  lastAt: UnixMs | null;
}

/** Every command: its argument object and what its promise resolves to. */
export interface Commands {
  subscribe: { args: { spec: SubscriptionSpec }; result: { subscriptionId: string } };
  unsubscribe: { args: { subscriptionId: string }; result: void };
  loadCandles: {
    /** `deferred`: nobody waits on this page first (a row's 24 h reference); asked after the rest. */
    args: { series: SeriesKey; limit: number; before?: UnixMs; deferred?: boolean };
    result: CandlesPage;
  };
  loadNews: {
    args: { market: string; lang: string; limit: number; cursor?: string };
    result: NewsPageAnswer;
  };
  getInfo: { args: { region: string; exchange: string; code: string }; result: InfoAnswer };
  /**
   * Checks a typed symbol against the current source (canonicalised first): known,
   * unknown (the source says no such product), or unverified (it cannot tell now).
   */
  checkSymbol: { args: { symbol: SymbolQuery }; result: SymbolCheck };
  /**
   * Searches the current source's symbol directory by code or name (per keystroke:
   * answered from memory; demo and live directories never mix).
   */
  searchSymbols: { args: { query: SymbolSearchQuery }; result: SymbolSearchAnswer };
  /** Stores the token (keychain first); the token never comes back. */
  setToken: { args: { token: string }; result: AppStatus };
  clearToken: { args: Record<string, never>; result: AppStatus };
  getStatus: { args: Record<string, never>; result: AppStatus };
  /** What the feed does with the plan: every feed streamed, polled or waiting, and why. */
  getFeedPlan: { args: Record<string, never>; result: FeedPlan };
  /**
   * Settings' connection Test: asks the service in use whether REST answers, the stream
   * connects and acknowledges subscriptions, and which shown markets are outside the plan.
   */
  testConnection: { args: Record<string, never>; result: ConnectionReport };
  getSettings: { args: Record<string, never>; result: Settings };
  /** Changes settings; never `autoUpdate`, which only {@link Commands.setAutoUpdate} changes. */
  setSettings: { args: { patch: SettingsChange }; result: Settings };
  /**
   * Turns updates on or off: the Settings dialog's update switch, and nothing else.
   * Turning them on asks the user in the shell's own dialog, which no page can answer;
   * declined, nothing changes. The browser host never updates and refuses it.
   */
  setAutoUpdate: { args: { enabled: boolean }; result: Settings };
  /** Opens an http(s) link that came from a news item in the system browser. */
  openExternal: { args: { url: string }; result: void };
  /**
   * Pops a pane out into its own window. The Electron shell opens the window itself
   * (`openUrl` null); the browser host answers the address for the page to open.
   */
  popOut: { args: PopOutRequest; result: { windowId: string; openUrl: string | null } };
  /** Tells the main side whether this window is visible (polling pauses when none is). */
  setVisibility: { args: { visible: boolean }; result: void };
  /**
   * Tells the main side which instrument this window's focused pane shows (null: none):
   * the stream serves it first of all, after the markets that trade now.
   */
  setFocus: { args: { instrument: Instrument | null }; result: void };
  /** Saves an export: a save dialog in Electron, a download in the browser host. */
  saveFile: { args: SaveFileRequest; result: SaveFileAnswer };
  loadWorkspace: { args: Record<string, never>; result: WorkspaceDocument | null };
  saveWorkspace: { args: { document: WorkspaceDocument }; result: void };
  /** Every price alert (all sources), newest first. */
  listAlerts: { args: Record<string, never>; result: Alert[] };
  /** Makes an alert on the current data source (the symbol canonicalised); active at once. */
  createAlert: { args: { draft: AlertDraft }; result: Alert };
  /** Changes an alert: its condition, repeat, or state (`paused`, or `active` to resume or re-arm). */
  updateAlert: { args: { id: string; change: AlertChange }; result: Alert };
  deleteAlert: { args: { id: string }; result: void };
  /** The chart drawings of an instrument (every interval's charts share them). */
  loadDrawings: { args: { instrument: Instrument }; result: DrawingSet };
  /** Adds a drawing, or replaces the one with its id; every window hears `drawings`. */
  saveDrawing: { args: { instrument: Instrument; drawing: Drawing }; result: DrawingSet };
  /** Removes a drawing (no such id: nothing changes); every window hears `drawings`. */
  deleteDrawing: { args: { instrument: Instrument; id: string }; result: DrawingSet };
  /**
   * A region's calendar and corporate-event lists (splits, upcoming and recent IPOs,
   * holidays), cache-first: each asked of the service at most once a day.
   */
  loadRegionEvents: {
    args: { region: string; kinds: EventListKind[] };
    result: RegionEventsAnswer;
  };
  /**
   * An instrument's splits and IPO, and the cached news items about it published in
   * [from, to] (never fetched per bar). With `refreshNews`, the news feed's newest page
   * is first fetched when the cached one is over ten minutes old, and the answer waits
   * for it (a rate limit included); without, the answer is the cache's at once.
   */
  loadChartEvents: {
    args: { instrument: Instrument; from: UnixMs; to: UnixMs; refreshNews?: boolean };
    result: ChartEventsAnswer;
  };
  /**
   * The recording of what the workspace shows (current source): recording or why not,
   * its size against the budget, the symbols shown and their switches.
   */
  getRecording: { args: Record<string, never>; result: RecordingStatus };
  /** The per-symbol recording switch (kept in the source's recording); applies at once. */
  setRecorded: { args: { instrument: Instrument; on: boolean }; result: RecordingStatus };
  /** The current source's recorded sessions and instruments: what a replay can play. */
  replaySpans: { args: Record<string, never>; result: ReplaySpans };
  /**
   * Replays a recorded span (one instrument, or everything recorded) as a source of its
   * own: every pane shows the replay until `replayStop`. Stops a replay under way first.
   */
  replayStart: { args: ReplayRequest; result: ReplayStatus };
  /** Steers the running replay: speed and pause, or a seek, or a step to the next frame. */
  replayControl: { args: ReplayControl; result: ReplayStatus };
  /** Ends the replay: back to live (or demo) data. */
  replayStop: { args: Record<string, never>; result: null };
  /** The running replay, or null. */
  getReplay: { args: Record<string, never>; result: ReplayStatus | null };
  /**
   * An instrument's recorded depth and trades over [from, to] from the current source's
   * recording (never the network), one book per `bucketMs` bucket: a heatmap's past.
   */
  loadDepthHistory: {
    args: { instrument: Instrument; from: UnixMs; to: UnixMs; bucketMs: number };
    result: DepthHistory;
  };
  /**
   * The last `limit` recorded trades (ticks) of each of `codes` (crypto of `region`) up to
   * now — the replay clock during a replay, of the instruments it plays — from the current
   * source's recording (never the network), oldest first by code; the last five minutes at
   * most. A tick tape's rows when it starts (opened, or a replay started or sought): the
   * trades it would list had it been open then.
   */
  loadTrades: {
    args: { region: string; codes: string[]; limit: number };
    result: Record<string, Tick[]>;
  };
}

export type CommandName = keyof Commands;
export type CommandArgs<K extends CommandName> = Commands[K]['args'];
export type CommandResult<K extends CommandName> = Commands[K]['result'];

/** Every command name, checked exhaustive by the `satisfies` below. */
const COMMAND_TABLE = {
  subscribe: true,
  unsubscribe: true,
  loadCandles: true,
  loadNews: true,
  getInfo: true,
  checkSymbol: true,
  searchSymbols: true,
  setToken: true,
  clearToken: true,
  getStatus: true,
  getFeedPlan: true,
  testConnection: true,
  getSettings: true,
  setSettings: true,
  setAutoUpdate: true,
  openExternal: true,
  popOut: true,
  setVisibility: true,
  setFocus: true,
  saveFile: true,
  loadWorkspace: true,
  saveWorkspace: true,
  listAlerts: true,
  createAlert: true,
  updateAlert: true,
  deleteAlert: true,
  loadDrawings: true,
  saveDrawing: true,
  deleteDrawing: true,
  loadRegionEvents: true,
  loadChartEvents: true,
  getRecording: true,
  setRecorded: true,
  replaySpans: true,
  replayStart: true,
  replayControl: true,
  replayStop: true,
  getReplay: true,
  loadDepthHistory: true,
  loadTrades: true,
} as const satisfies Record<CommandName, true>;

export const COMMAND_NAMES = Object.keys(COMMAND_TABLE) as CommandName[];

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && Object.hasOwn(COMMAND_TABLE, value);
}

// ---------------------------------------------------------------- events

/** Every event the main side pushes, by name. */
export interface Events {
  quotes: { subscriptionId: string; quotes: Record<string, Quote> };
  depth: {
    subscriptionId: string;
    books: Record<string, DepthBook>;
    /**
     * The books are a first paint's, from the cache or held since an earlier time, not
     * news of now (a book carries no time of its own): shown as the last known book, never
     * drawn as the book of this moment (the heatmap).
     */
    cached?: true;
  };
  ticks: {
    subscriptionId: string;
    /** Each code's newest tick. */
    ticks: Record<string, Tick>;
    /**
     * The trades streamed for a code since the last event before its newest (`ticks`),
     * oldest first; absent where the newest is the only one. A stream pushes every trade,
     * and a pane that lists them (the tape) must not lose those that came in the same
     * turn as a later one (a replay at 100× plays five seconds of trades in one turn).
     * At most `MAX_EARLIER_TRADES` a code (the oldest go first).
     */
    earlier?: Record<string, Tick[]>;
  };
  /** New or updated candles of a series (the forming candle, or a refresh's result). */
  candles: { subscriptionId: string | null; page: CandlesPage };
  /** Newest news items (newest first) for a news subscription. */
  news: { subscriptionId: string; items: NewsItem[] };
  subscriptionStatus: {
    subscriptionId: string;
    state: SubscriptionState;
    /** Time of the data the pane shows. */
    asOf: UnixMs | null;
    message?: string;
    /** Codes of the subscription the source has no such product for (shown "unknown"). */
    unknownCodes?: string[];
    /**
     * Polled slower than the settings ask (the plan's budget is shared by everything
     * shown): how often, and when REST last answered for it. Absent otherwise.
     */
    pace?: SubscriptionPace;
    /**
     * The last bar the service corrected of those built from the stream (its bar wins),
     * in words: what changed. Absent while none was.
     */
    corrected?: string;
    /**
     * The state of the market the prices come from (open, a break, closed, a holiday),
     * shown beside the data's health: a closed market's last price is closed, not stale.
     * Absent for news, and while no market hours are known.
     */
    market?: MarketStateView;
  };
  status: AppStatus;
  /** The saved workspace changed in another window (pop-outs stay in sync). */
  workspace: WorkspaceDocument;
  /** The alerts changed (made, changed, deleted, fired): every alert, newest first. */
  alerts: { alerts: Alert[] };
  /** An alert fired (told to every window), with its notification's words. */
  alertFired: { alert: Alert; firing: AlertFiring; title: string; body: string };
  /** A `marketdesk://` link was opened: show its symbol (main window only). */
  openSymbol: DeepLink;
  /** An instrument's drawings changed (in any window, this one included). */
  drawings: DrawingSet;
  /** A replay started, moved or stopped (null): told to every window. */
  replay: { status: ReplayStatus | null };
}

export type EventName = keyof Events;

const EVENT_TABLE = {
  quotes: true,
  depth: true,
  ticks: true,
  candles: true,
  news: true,
  subscriptionStatus: true,
  status: true,
  workspace: true,
  alerts: true,
  alertFired: true,
  openSymbol: true,
  drawings: true,
  replay: true,
} as const satisfies Record<EventName, true>;

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(EVENT_TABLE, value);
}

// ---------------------------------------------------------------- wire

/** Error codes that cross the bridge. */
export type BridgeErrorCode =
  /** The arguments failed validation. */
  | 'bad-argument'
  | 'unknown-command'
  /** The sender is not one of the app's own frames. */
  | 'forbidden'
  | 'not-found'
  /** The market data API failed (message says how). */
  | 'api'
  | 'storage'
  | 'internal';

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
}

export type BridgeResponse<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** One event as it crosses a transport. */
export interface BridgeEventMessage<E extends EventName = EventName> {
  event: E;
  payload: Events[E];
}

/** The Electron IPC channel of a command. */
export const commandChannel = (name: CommandName): string => `marketdesk:command:${name}`;
/** The one Electron IPC channel events travel on. */
export const EVENT_CHANNEL = 'marketdesk:event';

// ---------------------------------------------------------------- the renderer's view

/** Thrown in the renderer when a command answers `{ ok: false }`. */
export class BridgeCallError extends Error {
  override readonly name = 'BridgeCallError';
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** How a bridge client reaches the main side (Electron IPC or the host's WebSocket). */
export interface ClientTransport {
  request(name: CommandName, args: unknown): Promise<BridgeResponse<unknown>>;
  /** Delivers every event; returns an unsubscribe function. */
  listen(listener: (message: BridgeEventMessage) => void): () => void;
}

/** What the renderer sees as `window.marketdesk`. */
export interface MarketdeskBridge {
  invoke<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<CommandResult<K>>;
  /** Listens to `event`; disposing the answer stops listening. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): Disposable;
}

/** Builds the renderer's bridge over a transport: rejects `{ ok: false }` as BridgeCallError. */
export function createBridgeClient(transport: ClientTransport): MarketdeskBridge {
  // One emitter per event, made on the first listener; one pane's failing listener
  // is reported and never starves the others.
  const emitters = new Map<EventName, Emitter<never>>();
  const emitterOf = (event: EventName): Emitter<never> => {
    let emitter = emitters.get(event);
    if (!emitter) {
      const onListenerError = (error: unknown) =>
        console.error(`marketdesk: ${event} listener failed`, error);
      emitters.set(event, (emitter = new Emitter<never>({ onListenerError })));
    }
    return emitter;
  };
  transport.listen((message) => emitters.get(message.event)?.fire(message.payload as never));
  return {
    async invoke(name, args) {
      const response = await transport.request(name, args);
      if (!response.ok) throw new BridgeCallError(response.error.code, response.error.message);
      return response.value as never;
    },
    on(event, listener) {
      return emitterOf(event).event(listener as (payload: never) => void);
    },
  };
}
