/**
 * The handler table: one async function per bridge command, run by the dispatcher
 * after the arguments passed their schema. Both shells run this same table.
 */
import type { CandlesPage, Events } from '../../shared/bridge';
import { seriesKey, type DataSourceId } from '../../shared/model';
import type { CandleAnswer } from '../cache';
import { AlertNotFoundError } from '../alerts';
import { ReplayError } from '../replay';
import {
  DEADLINE_MARGIN_MS,
  type BridgeBackend,
  type RecordingPort,
  type ShellHooks,
} from './backend';
import type { ClientRegistry } from './client-registry';
import type { CommandHandlers } from './dispatcher';
import { BridgeFailure } from './errors';
import type { NewsLinks } from './news-links';

export interface HandlerDeps {
  backend: BridgeBackend;
  hooks: ShellHooks;
  links: NewsLinks;
  clients: ClientRegistry;
}

/** A cache answer as the bridge's page (plain data, no cache internals). */
export function toCandlesPage(answer: CandleAnswer): CandlesPage {
  const page: CandlesPage = {
    series: answer.series,
    candles: answer.candles,
    atHistoryStart: answer.atHistoryStart,
    offline: answer.offline,
    asOf: answer.asOf,
    refreshing: answer.refreshing,
  };
  if (answer.error !== undefined) page.error = answer.error;
  return page;
}

/** An alert id that names no alert answers `not-found`. */
function notFound<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AlertNotFoundError) throw new BridgeFailure('not-found', error.message);
    throw error;
  }
}

function recordingOf(backend: BridgeBackend): RecordingPort {
  if (!backend.recording) throw new BridgeFailure('not-found', 'Nothing is recorded here.');
  return backend.recording;
}

/** A replay the service refuses (no recording, nothing running, a bad span) is a bad argument. */
async function refused<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ReplayError) throw new BridgeFailure('bad-argument', error.message);
    throw error;
  }
}

/** Builds the table; `satisfies` makes a missing or extra command a compile error. */
export function createHandlers({ backend, hooks, links, clients }: HandlerDeps): CommandHandlers {
  const replayPort = () => {
    if (!backend.replay) throw new BridgeFailure('not-found', 'replay is not available here');
    return backend.replay;
  };
  // A page that has to ask the service (a page back) answers or fails within the request
  // timeout in Settings, a margin, and the wait for a slot of the plan's minute as it
  // stands when asked (a minute on the free plan), whatever the service does; the
  // cache-first newest page answers at once anyway.
  const withDeadline = async <T>(load: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const budget = Math.ceil(backend.budgetWaitMs() / 1000) * 1000;
    const ms = backend.getSettings().requestTimeoutMs + DEADLINE_MARGIN_MS + budget;
    const signal = AbortSignal.timeout(ms);
    try {
      return await load(signal);
    } catch (error) {
      if (!signal.aborted) throw error;
      throw new BridgeFailure(
        'api',
        `The market data service did not answer within ${ms / 1000} s; try again.`,
      );
    }
  };
  // A page asked of one source (demo) and answered after a switch (to live) is that
  // source's rows: refused, never shown as the current source's.
  const assertCurrentSource = (source: DataSourceId): void => {
    if (source !== backend.status().source) {
      throw new BridgeFailure('api', 'The data source changed while loading; load again.');
    }
  };
  const handlers = {
    async subscribe({ spec }, ctx) {
      const client = clients.live(ctx.clientId);
      const codes = client.admit(spec);
      const subscriptionId = backend.feed.subscribe(ctx.clientId, spec, (message) => {
        if (message.event === 'news') links.remember((message.payload as Events['news']).items);
        client.send(message);
      });
      client.hold(subscriptionId, codes);
      return { subscriptionId };
    },

    async unsubscribe({ subscriptionId }, ctx) {
      // Idempotent for the caller's own ids; another window's ids are not touchable.
      const client = clients.live(ctx.clientId);
      if (!client.release(subscriptionId)) return;
      backend.feed.unsubscribe(subscriptionId);
    },

    async loadCandles({ series, limit, before, deferred }, ctx) {
      const client = clients.live(ctx.clientId);
      const key = seriesKey(series);
      // Registered before asking, so a refresh that finishes quickly still finds its client.
      if (before === undefined) client.pendingCandles.add(key);
      const answer = await withDeadline((signal) =>
        backend.history.loadCandles(series, {
          limit,
          before,
          signal,
          ...(deferred ? { deferred } : {}),
        }),
      );
      if (!answer.refreshing) client.pendingCandles.delete(key);
      assertCurrentSource(answer.source);
      return toCandlesPage(answer);
    },

    async loadNews({ market, lang, limit, cursor }) {
      const answer = await withDeadline((signal) =>
        backend.history.loadNews({ market, lang, limit, cursor: cursor ?? null, signal }),
      );
      assertCurrentSource(answer.source);
      links.remember(answer.items);
      const { items, nextCursor, hasMore, offline, asOf, refreshing, error } = answer;
      return {
        market: answer.market,
        lang: answer.lang,
        cursor: answer.cursor,
        items,
        nextCursor,
        hasMore,
        offline,
        asOf,
        refreshing,
        ...(error === undefined ? {} : { error }),
      };
    },

    async getInfo(args) {
      return backend.getInfo(args);
    },

    async checkSymbol({ symbol }) {
      return backend.checkSymbol(symbol);
    },

    async searchSymbols({ query }) {
      return backend.searchSymbols(query);
    },

    async setToken({ token }) {
      return backend.setToken(token);
    },

    async clearToken() {
      return backend.clearToken();
    },

    async getStatus() {
      return backend.status();
    },

    async getFeedPlan() {
      return backend.feedPlan();
    },

    async testConnection() {
      return backend.testConnection();
    },

    async getSettings() {
      return backend.getSettings();
    },

    async setSettings({ patch }) {
      // Updates install code: a page (or a script in it) must not switch them on quietly.
      if (Object.hasOwn(patch, 'autoUpdate')) {
        throw new BridgeFailure(
          'bad-argument',
          'setSettings: autoUpdate is changed only by the Settings dialog’s update switch (setAutoUpdate), which asks you to confirm',
        );
      }
      return backend.setSettings(patch);
    },

    async setAutoUpdate({ enabled }, ctx) {
      if (enabled) {
        const agreed = await hooks.confirmAutoUpdate(ctx.clientId);
        if (agreed === null) {
          throw new BridgeFailure(
            'bad-argument',
            'setAutoUpdate: this copy of Marketdesk does not update itself (only the installed app does)',
          );
        }
        if (!agreed) return backend.getSettings();
      }
      return backend.setSettings({ autoUpdate: enabled });
    },

    async openExternal({ url }) {
      if (!links.allows(url)) {
        throw new BridgeFailure(
          'forbidden',
          'openExternal: only http(s) links of news items shown in Marketdesk can be opened',
        );
      }
      await hooks.openExternal(new URL(url).href);
    },

    async popOut(request, ctx) {
      return hooks.popOut(request, ctx.clientId);
    },

    async saveFile(request, ctx) {
      return hooks.saveFile(request, ctx.clientId);
    },

    async setVisibility({ visible }, ctx) {
      clients.live(ctx.clientId);
      backend.feed.setVisibility(ctx.clientId, visible);
    },

    async setFocus({ instrument }, ctx) {
      clients.live(ctx.clientId);
      backend.feed.setFocus(ctx.clientId, instrument);
    },

    async loadWorkspace() {
      return backend.loadWorkspace();
    },

    async saveWorkspace({ document }, ctx) {
      await backend.saveWorkspace(document);
      clients.broadcast({ event: 'workspace', payload: document }, ctx.clientId);
    },

    // Every window hears of the change through the `alerts` event (see server.ts).
    async listAlerts() {
      return backend.alerts.list();
    },

    async createAlert({ draft }) {
      // Made now it would be filed under the replay's source and kept in alerts.json.
      if (backend.replay?.status()) {
        throw new BridgeFailure(
          'bad-argument',
          'Alerts cannot be made during a replay: press Live first (the replay tries your alerts on its prices by itself).',
        );
      }
      return backend.alerts.create(draft);
    },

    async updateAlert({ id, change }) {
      return notFound(() => backend.alerts.update(id, change));
    },

    async deleteAlert({ id }) {
      notFound(() => backend.alerts.remove(id));
    },

    // The store tells every window of the change (the server listens to it).
    async loadDrawings({ instrument }) {
      return backend.drawings.get(instrument);
    },

    async saveDrawing({ instrument, drawing }) {
      return backend.drawings.save(instrument, drawing);
    },

    async deleteDrawing({ instrument, id }) {
      return backend.drawings.delete(instrument, id);
    },

    async loadRegionEvents({ region, kinds }) {
      return backend.events.regionEvents(region, kinds);
    },

    async loadChartEvents({ instrument, from, to, refreshNews }) {
      const answer = await backend.events.chartEvents(instrument, from, to, {
        refreshNews: refreshNews === true,
      });
      // Their links may be opened (openExternal): they are news items shown in Marketdesk.
      links.remember(answer.news);
      return answer;
    },

    async getRecording() {
      return recordingOf(backend).status();
    },

    async setRecorded({ instrument, on }) {
      const recording = recordingOf(backend);
      recording.setRecorded(instrument, on);
      return recording.status();
    },

    async replaySpans() {
      return replayPort().spans();
    },
    async replayStart(request) {
      return refused(() => replayPort().start(request));
    },
    async replayControl(change) {
      return refused(async () => replayPort().control(change));
    },
    async replayStop() {
      return replayPort().stop();
    },
    async getReplay() {
      return backend.replay?.status() ?? null;
    },

    async loadDepthHistory(args) {
      return recordingOf(backend).depthHistory(args);
    },
    async loadTrades(args) {
      return recordingOf(backend).trades(args);
    },
  } satisfies CommandHandlers;
  return handlers;
}
