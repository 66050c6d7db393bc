/**
 * The bridge's backend over the real services (settings, workspace, cache, history,
 * feed hub, market link): what the handler table calls, the composed `AppStatus`,
 * and stock info with the snapshot cache as the offline fallback.
 */
import type { InfoAnswer, SettingsChange, WorkspaceDocument } from '../../shared/bridge';
import type { AppStatus, Instrument, Settings, UnixMs } from '../../shared/model';
import type { CacheDb, HistoryService } from '../cache';
import { isOfflineError, loadSnapshot, saveSnapshot } from '../cache';
import type { FeedStatus } from '../feed';
import type { SettingsStore, WorkspaceStore } from '../settings';
import type { BridgeBackend, FeedPort } from './backend';
import type { MarketLink } from './market-link';

/** The feed hub as the backend uses it (FeedHub satisfies this). */
export interface HubLike extends FeedPort {
  status(): FeedStatus;
  onStatus(listener: (status: FeedStatus) => void): () => void;
}

export interface AppBackendDeps {
  settings: SettingsStore;
  workspace: WorkspaceStore;
  db: CacheDb;
  history: HistoryService;
  hub: HubLike;
  link: MarketLink;
  now: () => UnixMs;
  /** Startup notices (cache recovered, settings repaired…), shown in the status. */
  notices: string[];
}

export class AppBackend implements BridgeBackend {
  readonly feed: FeedPort;
  readonly history: HistoryService;
  readonly #deps: AppBackendDeps;
  readonly #listeners = new Set<(status: AppStatus) => void>();
  readonly #stops: (() => void)[] = [];
  #scheduled = false;
  #lastSent: string | null = null;

  constructor(deps: AppBackendDeps) {
    this.#deps = deps;
    this.feed = deps.hub;
    this.history = deps.history;
    const changed = () => this.#statusChanged();
    this.#stops.push(
      deps.hub.onStatus(changed),
      deps.link.onClient(changed),
      deps.settings.onChange(changed),
    );
  }

  status(): AppStatus {
    const { hub, link, notices } = this.#deps;
    const feed = hub.status();
    const lastError = feed.lastError ?? link.lastError;
    return {
      mode: link.mode,
      hasToken: link.hasToken,
      tokenStorage: link.hasToken ? this.#deps.link.secretsKind : null,
      tokenSessionOnly: this.#deps.link.secretsKind === 'session',
      plan: { ...link.client.plan },
      connection: feed.connection,
      offlineSince: feed.offlineSince,
      lastUpdate: feed.lastUpdate,
      budget: { ...feed.budget },
      lastError: lastError === null ? null : link.redact(lastError),
      notice: notices.length > 0 ? link.redact(notices.join(' ')) : null,
    };
  }

  onStatus(listener: (status: AppStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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
    if (notice && !this.#deps.notices.includes(notice)) {
      this.#deps.notices.push(notice);
      this.#statusChanged();
    }
    return document;
  }

  async saveWorkspace(document: WorkspaceDocument): Promise<void> {
    this.#deps.workspace.save(document);
  }

  /** Stock info from the API (saved as a snapshot), else the last snapshot. */
  async getInfo(args: { region: string; exchange: string; code: string }): Promise<InfoAnswer> {
    const { db, link, now } = this.#deps;
    const instrument: Instrument = { class: 'stock', ...args };
    // The source of the client asked, captured before the await: a switch meanwhile must
    // not file this answer (or read a fallback) under the new source.
    const source = link.sources.sourceId;
    const r = await link.client.info({
      region: args.region,
      code: args.code,
      ...(args.exchange ? { exchange: args.exchange } : {}),
    });
    if (r.ok) {
      const at = now();
      try {
        saveSnapshot(db, source, 'info', instrument, r.value, at);
      } catch {
        // A full disk must not hide the answer we already have.
      }
      return { info: r.value, offline: false, asOf: at };
    }
    const cached = loadSnapshot(db, source, 'info', instrument);
    const offline = isOfflineError(r.error);
    const answer: InfoAnswer = {
      info: cached?.record ?? null,
      offline,
      asOf: cached?.at ?? null,
    };
    if (!offline || !cached) answer.error = link.redact(r.error.message);
    return answer;
  }

  redact(text: string): string {
    return this.#deps.link.redact(text);
  }

  dispose(): void {
    for (const stop of this.#stops) stop();
    this.#listeners.clear();
  }

  /** Coalesces the changes of one tick into one status, and skips unchanged ones. */
  #statusChanged(): void {
    if (this.#scheduled || this.#listeners.size === 0) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      const status = this.status();
      const key = JSON.stringify(status);
      if (key === this.#lastSent) return;
      this.#lastSent = key;
      for (const listener of this.#listeners) listener(status);
    });
  }
}
