/**
 * What the bridge's handlers need from the services, as narrow ports. The
 * composition root (`src/core/services.ts`) implements them; tests may fake them.
 * Keeping the bridge on ports rather than concrete classes means neither the
 * feed hub nor the stores need to know the bridge exists.
 */
import type {
  BridgeEventMessage,
  InfoAnswer,
  PopOutRequest,
  SaveFileRequest,
  SaveFileResult,
  SettingsChange,
  SubscriptionSpec,
  WorkspaceDocument,
} from '../../shared/bridge';
import type { Event } from '../../shared/emitter';
import type { AppStatus, Settings, SymbolCheck, SymbolQuery } from '../../shared/model';
import type { CandleAnswer, CandleQuery, NewsAnswer, NewsQuery } from '../cache';

/** The feed hub as the bridge sees it. */
export interface FeedPort {
  /** Starts a subscription owned by `clientId`; `push` receives its events. */
  subscribe(
    clientId: string,
    spec: SubscriptionSpec,
    push: (event: BridgeEventMessage) => void,
  ): string;
  unsubscribe(subscriptionId: string): void;
  /** Ends every subscription of a client (window closed, socket dropped). */
  dropClient(clientId: string): void;
  setVisibility(clientId: string, visible: boolean): void;
}

/** Cache-first history as the bridge sees it (HistoryService). */
export interface HistoryPort {
  loadCandles(series: CandleAnswer['series'], query: CandleQuery): Promise<CandleAnswer>;
  loadNews(query: NewsQuery): Promise<NewsAnswer>;
  /** Told of refreshed candles. */
  readonly onCandles: Event<CandleAnswer>;
}

/** Everything the handler table calls. */
export interface BridgeBackend {
  readonly feed: FeedPort;
  readonly history: HistoryPort;
  /** Stock reference data: the API, else the last snapshot (offline). */
  getInfo(args: { region: string; exchange: string; code: string }): Promise<InfoAnswer>;
  /** Checks a typed symbol against the current source (see `SymbolCheck`). */
  checkSymbol(symbol: SymbolQuery): Promise<SymbolCheck>;
  status(): AppStatus;
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
 * What a shell (Electron main, browser host) does for the bridge: the two commands
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
  /** Saves a text file through a save dialog (Electron), or answers `download` (host). */
  saveFile(request: SaveFileRequest, clientId: string): Promise<SaveFileResult>;
}

/**
 * A command that must ask the service (stock info, a page back) answers or fails within
 * the request timeout in Settings plus this margin, the wait for the request budget.
 */
export const DEADLINE_MARGIN_MS = 2_000;
