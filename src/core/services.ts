/**
 * The composition root: builds every core service from one config, in one place,
 * for the Electron shell, the browser host and the tests. Nothing else constructs
 * services, so there is exactly one of each per app and `dispose()` closes them all.
 *
 * Demo mode: with no token for the service's origin the MarketClient points at the
 * demo service (`config.demo`: the simulator, started in-process on a loopback port).
 * Live mode: the base URL (`MARKETDESK_BASE_URL`, else Settings) with the token bound to
 * its origin. The token stays in the secret store, the MarketClient's private fields and
 * the market link; it is never logged, saved in settings or the cache, or sent to a
 * client: the client blanks it out of its errors where they are made
 * (RedactingMarketClient), and `redact` scrubs it again from anything that crosses the
 * bridge.
 */
import path from 'node:path';
import type { AppStatus, Instrument, Settings, UnixMs } from '../shared/model';
import { BASE_URL_NOT_HTTP, baseUrlProblem, streamSubscriptionLimit } from '../shared/model';
import {
  CACHE_FILE_NAME,
  CacheTooNewError,
  HistoryService,
  SnapshotService,
  closeCache,
  openCache,
} from './cache';
import type { CacheDb } from './cache';
import { FeedHub, type StreamOpener } from './feed';
import { HealthService } from './health';
import { MarketLink, type DemoStarter, type LinkStreamOpener } from './link';
import { NoticeService } from './notices';
import { BASE_URL_ENV_VAR, createSecretStore } from './secrets';
import type { KeytarLoader, SafeStorageCipher, SecretStore } from './secrets';
import { SettingsStore, WorkspaceStore, settingFieldSchemas } from './settings';
import { AppBackend } from './bridge/app-backend';
import { SymbolChecker, SymbolDirectory, seenInCache } from './symbols';
import { ALERTS_CLIENT_ID, AlertService, AlertStore } from './alerts';
import { DrawingStore } from './drawings';
import { CalendarStore, MarketHours } from './market-hours';
import { calendarClientOf, SHARED_CALENDAR_RULES } from './market-hours/service-calendar';
import { EventsService, eventsReader, namesOf } from './events';
import { Recorder, ticksBefore } from './recording';
import { ReplayService } from './replay';
import { forgetSource } from './cache';
import { instrumentKey, isReplaySource } from '../shared/model';
import { checkDepthHistoryQuery, emptyDepthHistory, readDepthHistory } from './recording/history';
import { DisposableStore } from '../shared/emitter';
import { errorMessage } from '../shared/errors';

/**
 * How long after the services start the market calendars (holidays, market status) are
 * first asked for: on a first start they were the first requests, and the first quote
 * waited behind them (`./run bench -- ui-cold-start`). Until then a market reads its
 * stored calendar, else its regular sessions, and says so.
 */
export const CALENDARS_AFTER_START_MS = 2_000;

/** Everything `createServices` needs. Only `dataFolder` and `demo` are required. */
export interface ServicesConfig {
  /** Where settings, workspace and the cache live (see data-folder.ts). */
  dataFolder: string;
  /**
   * Starts the demo service for demo mode: the simulator's `startDemoService` (core does
   * not import the simulator; the composition roots pass it in).
   */
  demo: DemoStarter;
  /**
   * Environment to read MARKETDESK_TOKEN and MARKETDESK_BASE_URL from; default none (pass
   * process.env in apps).
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** A ready secret store (tests); default chosen: env → keychain → safeStorage → session. */
  secretStore?: SecretStore;
  /** Electron's safeStorage, injected by the Electron shell. */
  safeStorage?: SafeStorageCipher | null;
  /** Loads keytar; null skips the OS keychain (tests, the CI). */
  loadKeytar?: KeytarLoader | null;
  /** Wall-clock time (Unix ms); default Date.now. */
  now?: () => UnixMs;
  /** The cache file; default `<dataFolder>/cache.db`; `:memory:` for none on disk. */
  cacheFile?: string;
  /** Where notices go besides the status (the host prints them); default silent. */
  log?: (line: string) => void;
  /** Record what the hub receives live (`<dataFolder>/recordings/`); default true. */
  record?: boolean;
  /**
   * The data folder's workspace store, when the shell opened it before the services (the
   * browser host answers the first screen's `loadWorkspace` from it while they start);
   * default one made here. There is one per data folder.
   */
  workspace?: WorkspaceStore;
}

/** The running services. */
export interface Services {
  readonly settings: SettingsStore;
  readonly workspace: WorkspaceStore;
  /** Chart drawings per instrument (`drawings.json`). */
  readonly drawings: DrawingStore;
  /** A region's calendar and corporate events, and a chart's markers. */
  readonly events: EventsService;
  readonly secrets: SecretStore;
  readonly db: CacheDb;
  readonly history: HistoryService;
  /** Snapshots (stock info), API first and the source's last snapshot on failure. */
  readonly snapshots: SnapshotService;
  readonly hub: FeedHub;
  /** The one health model: every request records in it; the status bar and panes read it. */
  readonly health: HealthService;
  /** The client, demo service and token switching (demo ↔ live). */
  readonly link: MarketLink;
  /** What the status tells the user (settings repaired, cache recovered, token not sent…). */
  readonly notices: NoticeService;
  /** Price alerts, evaluated on the hub's live prices whatever windows are open. */
  readonly alerts: AlertService;
  /** Each shown market's state (open, closed, a holiday): the hub rests closed ones. */
  readonly marketHours: MarketHours;
  /** The bridge's view of the services (what the handler table calls). */
  readonly backend: AppBackend;
  /** What the hub receives live, recorded per source (src/core/recording). */
  readonly recorder: Recorder;
  /** Replays of the recording, each a source of its own (src/core/replay). */
  readonly replay: ReplayService;
  status(): AppStatus;
  /** Closes the hub, the demo service and the cache. Idempotent. */
  dispose(): Promise<void>;
}

/** Requests a minute below which the live symbol list is not read (it would crowd out prices). */
const MIN_LISTING_BUDGET = 60;

/** Opens the cache; a file that cannot be used becomes a notice and an in-memory cache. */
function openCacheOrMemory(file: string, notices: NoticeService): CacheDb {
  try {
    const { db, recovery } = openCache(file);
    if (recovery) notices.add(recovery.message);
    return db;
  } catch (error) {
    const reason =
      error instanceof CacheTooNewError
        ? error.message
        : `The offline cache could not be opened (${errorMessage(error)}).`;
    notices.add(`${reason} Working without an offline cache for this session.`);
    return openCache(':memory:').db;
  }
}

/**
 * The base URL the environment names, checked as the Settings field is (https, or plain
 * http to this machine only; no credentials, query or fragment). One it refuses becomes a
 * notice and is not used; the environment's token stays bound to it, so it goes nowhere.
 */
function environmentBaseUrl(
  env: Readonly<Record<string, string | undefined>>,
  notices: NoticeService,
): string | null {
  const raw = env[BASE_URL_ENV_VAR]?.trim();
  if (!raw) return null;
  // The one rule and its words, as for Settings and `--base-url`.
  const problem = baseUrlProblem(raw);
  const parsed = settingFieldSchemas.baseUrl.safeParse(raw);
  if (problem === null && parsed.success) return parsed.data;
  notices.add(`${BASE_URL_ENV_VAR} is not used: ${problem ?? BASE_URL_NOT_HTTP}.`);
  return null;
}

/** The hub's stream from the settings: off, or the link's clients at each class's path and the limit. */
function streamOf(settings: Settings, open: LinkStreamOpener): StreamOpener | null {
  if (!settings.streamEnabled) return null;
  const limit = streamSubscriptionLimit(settings);
  return (cls) => open({ cls, path: settings.streamPaths[cls], limit });
}

/** Whether a settings change changes the stream (the plan's limit comes with a new client). */
function streamChanged(next: Settings, previous: Settings): boolean {
  return (
    next.streamEnabled !== previous.streamEnabled ||
    next.streamSubscriptions !== previous.streamSubscriptions ||
    JSON.stringify(next.streamPaths) !== JSON.stringify(previous.streamPaths)
  );
}

/** One turn of the event loop: what I/O waits meanwhile runs. */
const ioTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Builds every service from `config`. */
export async function createServices(config: ServicesConfig): Promise<Services> {
  const now = config.now ?? Date.now;
  const notices = new NoticeService();
  const log = config.log ?? (() => undefined);

  const settings = new SettingsStore({ folder: config.dataFolder, now });
  for (const notice of settings.load().notices) notices.add(notice);
  const workspace = config.workspace ?? new WorkspaceStore({ folder: config.dataFolder, now });
  const drawings = new DrawingStore({ folder: config.dataFolder, now });
  const drawingsNotice = drawings.load();
  if (drawingsNotice) notices.add(drawingsNotice);
  const env = config.env ?? {};
  // The keychain is asked (a round trip to the OS's secret service) while the cache
  // opens; between the steps, I/O waiting meanwhile runs (the browser host listens
  // before its services start, and serves the page's files in these turns).
  const secretsReady =
    config.secretStore ??
    createSecretStore({
      env,
      folder: config.dataFolder,
      safeStorage: config.safeStorage ?? null,
      ...(config.loadKeytar === undefined ? {} : { loadKeytar: config.loadKeytar }),
    });
  // Awaited below; a failure before then is not an unhandled one.
  if (secretsReady instanceof Promise) secretsReady.catch(() => {});
  await ioTurn();

  const cacheFile = config.cacheFile ?? path.join(config.dataFolder, CACHE_FILE_NAME);
  const db = openCacheOrMemory(cacheFile, notices);
  let secrets: SecretStore;
  try {
    secrets = await secretsReady;
    await ioTurn();
  } catch (error) {
    closeCache(db);
    throw error;
  }

  // Fed by the hub's polls, history, stock info and symbol checks; its messages scrubbed
  // of the token; reset by the link for a new token, address or mode.
  const health = new HealthService({ now, redact: (text: string): string => link.redact(text) });
  const link: MarketLink = new MarketLink({
    settings,
    secrets,
    now,
    demo: config.demo,
    notices,
    health,
    baseUrlOverride: environmentBaseUrl(env, notices),
  });
  let history: HistoryService;
  let hub: FeedHub;
  const replay = new ReplayService({
    folder: config.dataFolder,
    source: () => link.sources.sourceId,
    cache: db,
    switchTo: (target) => link.replay(target),
    forget: (source) => forgetSource(db, source),
    // A seek: the cache rows, the history's answers on their way and the hub's records of
    // the time before give way (the history and the hub are built below).
    rewind: (source) => {
      forgetSource(db, source);
      history.rewind(source);
      hub.rewind(source);
    },
    streamPaths: () => settings.get().streamPaths,
    // The alerts service and the hub are built below; read when a replay starts.
    alerts: {
      list: () => alerts.list(),
      feed: {
        subscribe: (clientId, spec, push) => hub.subscribe(clientId, spec, push),
        unsubscribe: (id) => hub.unsubscribe(id),
      },
    },
    // The markets' states are the replayed time's during a replay (built below).
    markets: {
      judgeAt: (clock) => marketHours.judgeAt(clock),
      clockMoved: () => marketHours.clockMoved(),
    },
    now,
  });
  // During a replay the recorder keeps to the replayed source (and is not fed: see the hub).
  const recordedSource = () => replay.recorded;
  const recorder = new Recorder({
    folder: config.dataFolder,
    source: recordedSource,
    now,
    notice: (message) => {
      notices.add(message);
      log(`marketdesk: ${message}`);
    },
    onError: (error) => log(`marketdesk: recording: ${errorMessage(error)}`),
    budgetBytes: settings.get().recordingBudgetBytes,
    // What the workspace shows; not the quotes fetched only for alerts.
    shown: () => hub.shown(ALERTS_CLIENT_ID),
  });
  recorder.setEnabled(config.record ?? true);
  // The calendars are the current source's (demo and live never mix), asked through
  // the link's client: the plan's budget counts them like any request.
  const calendars = new CalendarStore({
    folder: config.dataFolder,
    now,
    onError: (message) => log(`marketdesk: market hours: ${message}`),
  });
  // During a replay the calendars are the recorded source's, read as kept (the replay's
  // service has none, and nothing is fetched while the states are judged at its clock).
  const marketHours = new MarketHours({
    client: () => (isReplaySource(link.sources.sourceId) ? null : calendarClientOf(link.client)),
    source: () => replay.recorded,
    rules: SHARED_CALENDAR_RULES,
    keeper: calendars,
    now,
    onError: (error) => log(`marketdesk: market hours: ${link.redact(errorMessage(error))}`),
    // The first screen's quotes are the first requests; the calendars come after them.
    fetchAfterMs: CALENDARS_AFTER_START_MS,
  });
  try {
    await link.start();
    await ioTurn();
    const current = settings.get();
    history = new HistoryService({
      db,
      candles: link.sources,
      news: link.sources,
      health,
      now,
      budgetBytes: current.cacheBudgetBytes,
    });
    hub = new FeedHub({
      // The feed's polls are background work: held to the plan's background share.
      client: link.client.background(),
      plan: link.client.plan,
      db,
      source: () => link.sources.sourceId,
      intervals: current.intervals,
      requestsPerMinute: link.requestsPerMinute,
      health,
      stream: streamOf(current, link.openStream),
      markets: marketHours,
      // A replay's frames are the recording's own: never recorded again.
      onReceived: (frame) => {
        if (!isReplaySource(link.sources.sourceId)) recorder.take(frame);
      },
      now,
      // Messages only: a stack or an argument could carry anything.
      onError: (error) => log(`marketdesk: feed: ${link.redact(errorMessage(error))}`),
    });
  } catch (error) {
    // Half-built: release the demo service's port and the database before reporting.
    await link.dispose();
    marketHours.dispose();
    calendars.flush();
    health.dispose();
    recorder.close();
    closeCache(db);
    throw error;
  }
  const alerts = new AlertService({
    store: new AlertStore({ folder: config.dataFolder, now }),
    feed: hub,
    source: () => link.sources.sourceId,
    now,
    onError: (error) => log(`marketdesk: alerts: ${errorMessage(error)}`),
  });
  if (alerts.notice) notices.add(alerts.notice);
  const listening = new DisposableStore();
  let replaying = isReplaySource(link.sources.sourceId);
  listening.add(
    link.onClient(({ client, requestsPerMinute, openStream }) => {
      hub.setClient(client.background(), client.plan, requestsPerMinute);
      hub.setStream(streamOf(settings.get(), openStream));
      // Demo ↔ live: only the new source's alerts are evaluated, on its own prices.
      alerts.sourceChanged();
      // Into or out of a replay the calendars stay the recorded source's, as held (the
      // replay judges them at its clock): not fetched again after it.
      const wasReplaying = replaying;
      replaying = isReplaySource(link.sources.sourceId);
      if (replaying === wasReplaying) marketHours.sourceChanged();
    }),
  );
  // A chart's newest candles, just fetched, are the hub's poll of that series too.
  listening.add(history.onCandles((answer) => hub.takeCandles(answer)));
  // Settings that apply at once; the connection ones are MarketLink's.
  listening.add(
    settings.onChange(({ settings: next, previous }) => {
      if (JSON.stringify(next.intervals) !== JSON.stringify(previous.intervals)) {
        hub.setIntervals(next.intervals);
      }
      if (next.cacheBudgetBytes !== previous.cacheBudgetBytes) {
        history.setBudget(next.cacheBudgetBytes);
      }
      if (next.recordingBudgetBytes !== previous.recordingBudgetBytes) {
        recorder.setBudget(next.recordingBudgetBytes);
      }
      if (streamChanged(next, previous)) hub.setStream(streamOf(next, link.openStream));
    }),
  );

  for (const notice of notices.all) log(`marketdesk: ${notice}`);
  const symbols = new SymbolChecker({ client: () => link.client, now, health });
  const directory = new SymbolDirectory({
    source: () => link.sources.sourceId,
    client: () => link.client,
    seen: (source) => seenInCache(db, source),
    health,
    now,
    // A small request budget (the free plan's 5 a minute) is the prices'; the list waits.
    liveListing: () => link.requestsPerMinute >= MIN_LISTING_BUDGET,
  });
  const snapshots = new SnapshotService({ db, sourceId: () => link.sources.sourceId, now, health });
  const events = new EventsService({
    db,
    reader: () => eventsReader(link),
    namesOf: (instrument) => namesOf(directory, instrument),
    // The chart's markers read the news feed's newest page: the history service's refresh.
    refreshNews: (feed) => history.refreshNews(feed),
    now,
  });
  const backend = new AppBackend({
    settings,
    symbols,
    directory,
    workspace,
    drawings,
    events,
    snapshots,
    history,
    hub,
    alerts,
    link,
    health,
    now,
    notices,
    markets: marketHours,
    recording: {
      status: () => recorder.status(),
      setRecorded: (instrument, on) => recorder.setRecorded(instrument, on),
      // What the writer holds within the span is written first: the answer reaches the
      // last half second (an older span's ask writes nothing). During a replay the past
      // is the replayed recording's up to the replay clock: never a frame after it.
      depthHistory: (query) => {
        // An instrument the replay does not play has no past in it (one instrument's replay).
        if (!replay.plays(query.instrument)) {
          checkDepthHistoryQuery(query);
          return emptyDepthHistory(link.sources.sourceId, query);
        }
        const clock = replay.status()?.time;
        const to = clock === undefined ? query.to : Math.min(query.to, clock);
        recorder.flushThrough(to);
        return readDepthHistory(recorder.db, link.sources.sourceId, {
          ...query,
          to: Math.max(query.from, to),
        });
      },
      // Up to now: the replay clock during a replay (never a trade after it), of what it plays.
      trades: ({ region, codes, limit }) => {
        const instruments = codes
          .map((code): Instrument => ({ class: 'crypto', region, exchange: '', code }))
          .filter((i) => replay.plays(i));
        const t = replay.status()?.time ?? now();
        recorder.flushThrough(t);
        const db = recorder.db;
        if (!db) return {};
        const found = ticksBefore(db, instruments, t, limit);
        return Object.fromEntries(
          instruments.flatMap((i) => {
            const list = found.get(instrumentKey(i));
            return list ? [[i.code, list]] : [];
          }),
        );
      },
    },
    replay,
  });

  let disposed: Promise<void> | null = null;
  return {
    settings,
    workspace,
    drawings,
    events,
    secrets,
    db,
    history,
    snapshots,
    hub,
    health,
    link,
    notices,
    alerts,
    marketHours,
    backend,
    recorder,
    replay,
    status: () => backend.status(),
    dispose() {
      disposed ??= (async () => {
        // Before the hub goes: a rebuild finishing during shutdown must not reach it.
        listening.dispose();
        // Back on the recorded source before the link goes.
        await replay.dispose();
        backend.dispose();
        alerts.dispose();
        notices.dispose();
        drawings.dispose();
        hub.dispose();
        // After the hub: its last frames are written.
        recorder.close();
        marketHours.dispose();
        calendars.flush();
        history.dispose();
        health.dispose();
        await link.dispose();
        await history.idle().catch(() => undefined);
        closeCache(db);
      })();
      return disposed;
    },
  };
}
