/**
 * The replay as a market data service on loopback (127.0.0.1, a port of the system's
 * choosing): the service's own REST operations and stream protocol, answered from a
 * `ReplayPlayer` at the replay clock's time. The link points the app's client at it, so
 * the feed hub, the history service and every pane take a replay as they take the demo
 * or the live service, with no replay-only code of their own.
 *
 * REST: quotes, depth and ticks as they stood at the replay time; candles from the
 * reader handed in, never one that opens after the replay time (`candles` builds the
 * forming one from the recording); news an empty page (no news is recorded); everything
 * else "not in the recording". Stream: every class's path; auth by the `token` header or
 * message; subscribe/unsubscribe/ping; a push for every frame the clock passes, and the
 * current records on subscribing and after a seek.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { OPERATIONS, OPERATION_NAMES, type OperationSpec } from '../../shared/api/operations';
import {
  STREAM_ACTIONS,
  STREAM_CLOSE,
  STREAM_MESSAGES,
  STREAM_OK,
  STREAM_PATHS,
  STREAM_REFUSED,
  isStreamType,
  streamSymbol,
  type StreamType,
} from '../../shared/api/stream';
import { DisposableStore } from '../../shared/emitter';
import type { AssetClass, Candle, Instrument, KType, UnixMs } from '../../shared/model';
import { isKType } from '../../shared/model';
import type { RecordedFrame } from '../recording';
import type { ReplayPlayer } from './player';
import { wireDepth, wireKline, wireQuote, wireTick } from './wire-records';

/** The newest `limit` candles of a series opening at or before `endTime`, ascending. */
export type ReplayCandles = (
  instrument: Instrument,
  kType: KType,
  limit: number,
  endTime: UnixMs,
) => Candle[];

export interface ReplayServerOptions {
  player: ReplayPlayer;
  candles: ReplayCandles;
  /** The stream paths per class (Settings'); default the service's. */
  streamPaths?: Readonly<Record<AssetClass, string>>;
}

export interface ReplayServer {
  readonly baseUrl: string;
  /** A per-replay secret: the loopback port answers nobody else. */
  readonly token: string;
  close(): Promise<void>;
}

/** A client reading this far behind is dropped, as the service drops slow readers. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

interface StreamClient {
  socket: WebSocket;
  cls: AssetClass;
  authed: boolean;
  /** Subscribed types by `CODE$REGION`. */
  subs: Map<string, Set<StreamType>>;
}

const OPERATION_BY_PATH = new Map<string, OperationSpec>(
  OPERATION_NAMES.map((name) => [OPERATIONS[name].path, OPERATIONS[name]]),
);

function envelope(
  res: http.ServerResponse,
  status: number,
  code: number,
  msg: string,
  data: unknown,
): void {
  const body = JSON.stringify({ code, msg, data });
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body);
}

/** Starts the replay's loopback service. */
export async function startReplayServer(o: ReplayServerOptions): Promise<ReplayServer> {
  const { player } = o;
  const token = randomUUID();
  const byKey = new Map<string, Instrument>();
  const keyOf = (cls: AssetClass, code: string, region: string) =>
    `${cls}|${streamSymbol(code, region)}`;
  for (const i of player.instruments) byKey.set(keyOf(i.class, i.code, i.region), i);
  const find = (cls: AssetClass, code: string, region: string) =>
    byKey.get(keyOf(cls, code, region)) ?? null;

  /**
   * The record of a REST answer; null for an instrument not in the recording (unknown).
   * A recorded instrument before a channel's first frame (a quote or tick first recorded
   * later in the span than `settledStart` waits for) is known with nothing yet: an empty
   * entry (`{}`, read as `pending`), which the feed says as "no data yet", never as an
   * unknown symbol it would keep to all replay.
   */
  const record = (spec: OperationSpec, cls: AssetClass, i: Instrument | null): unknown => {
    if (!i) return null;
    switch (spec.kind) {
      case 'quotes': {
        const q = player.quote(i);
        return q ? wireQuote(q) : {};
      }
      case 'depth': {
        // A recorded instrument before its first book: a book with no levels yet, not an
        // unknown symbol (the feed would take null for one, and keep to it all replay).
        const b = player.book(i);
        return b ? wireDepth(b) : { s: i.code, a: [], b: [] };
      }
      case 'ticks': {
        const t = player.tick(i);
        return t ? wireTick(t) : {};
      }
      default:
        return null;
    }
  };

  const answerRest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (req.headers.token !== token) return envelope(res, 401, 401, 'E004 token invalid', null);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const spec = OPERATION_BY_PATH.get(url.pathname);
    if (!spec) return envelope(res, 404, 404, `${url.pathname} is not in the recording`, null);
    const q = url.searchParams;
    if (spec.kind === 'news') {
      return envelope(res, 200, 0, 'ok', {
        data: [],
        pagination: { nextCursor: '', hasMore: false, count: 0 },
      });
    }
    const cls = spec.class!;
    const region = q.get('region') ?? '';
    if (spec.kind === 'info') {
      return envelope(
        res,
        200,
        1,
        `E001 not found this produce: no stock information in a replay`,
        null,
      );
    }
    if (spec.kind === 'klines') {
      const kType = Number(q.get('kType'));
      const limit = Number(q.get('limit'));
      if (!isKType(kType) || !(limit > 0))
        return envelope(res, 400, 400, 'E002 bad kType or limit', null);
      const et = q.get('et');
      // What has been played (and pushed), not the clock's time a moment ahead of it: the
      // forming bar counts the quotes the stream told, and none it has not yet.
      const time = player.playedTo;
      const end = et === null ? time : Math.min(time, Number(et));
      const data = Object.create(null) as Record<string, unknown>;
      for (const code of (q.get('codes') ?? '').split(',')) {
        const i = find(cls, code, region);
        data[code] = i ? o.candles(i, kType, limit, end).map(wireKline) : null;
      }
      return envelope(res, 200, 0, 'ok', data);
    }
    if (!spec.batch) {
      const code = q.get('code') ?? '';
      const value = record(spec, cls, find(cls, code, region));
      if (value === null)
        return envelope(
          res,
          200,
          1,
          `E001 not found this produce: ${code} is not in the recording`,
          null,
        );
      return envelope(res, 200, 0, 'ok', value);
    }
    const data = Object.create(null) as Record<string, unknown>;
    for (const code of (q.get('codes') ?? '').split(',')) {
      data[code] = record(spec, cls, find(cls, code, region));
    }
    envelope(res, 200, 0, 'ok', data);
  };

  const server = http.createServer((req, res) => {
    try {
      answerRest(req, res);
    } catch (error) {
      envelope(res, 500, 500, `replay: ${(error as Error).message}`, null);
    }
  });
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<StreamClient>();
  const paths = o.streamPaths ?? STREAM_PATHS;
  const classOfPath = new Map<string, AssetClass>(
    (Object.entries(paths) as [AssetClass, string][]).map(([cls, p]) => [
      `/${p.replace(/^\/+/, '')}`,
      cls,
    ]),
  );

  const send = (c: StreamClient, message: unknown): void => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      c.socket.close(STREAM_CLOSE.slowReader, 'read too slowly');
      return;
    }
    c.socket.send(JSON.stringify(message));
  };
  const push = (c: StreamClient, type: StreamType, data: unknown): void =>
    send(c, { code: STREAM_OK, data: { ...(data as object), type } });

  /** Pushes the current records of `symbols` (all subscribed when null) to `c`. */
  const pushCurrent = (c: StreamClient, symbols: Iterable<string> | null): void => {
    for (const symbol of symbols ?? c.subs.keys()) {
      const types = c.subs.get(symbol);
      const at = symbol.lastIndexOf('$');
      const i = find(c.cls, symbol.slice(0, at), symbol.slice(at + 1));
      if (!types || !i) continue;
      const q = player.quote(i);
      const b = player.book(i);
      const t = player.tick(i);
      if (types.has('quote') && q) push(c, 'quote', wireQuote(q));
      if (types.has('depth') && b) push(c, 'depth', wireDepth(b));
      if (types.has('tick') && t) push(c, 'tick', wireTick(t));
    }
  };

  const onFrames = (frames: readonly RecordedFrame[]): void => {
    if (clients.size === 0) return;
    for (const f of frames) {
      const symbol = streamSymbol(f.instrument.code, f.instrument.region);
      const type: StreamType = f.channel;
      let wire: unknown = null;
      for (const c of clients) {
        if (!c.authed || c.cls !== f.instrument.class || !c.subs.get(symbol)?.has(type)) continue;
        wire ??=
          f.channel === 'depth'
            ? wireDepth(f.record)
            : f.channel === 'quote'
              ? wireQuote(f.record)
              : wireTick(f.record);
        push(c, type, wire);
      }
    }
  };

  const listening = new DisposableStore();
  listening.add(player.onFrames(onFrames));
  listening.add(
    player.onReset(() => {
      for (const c of clients) if (c.authed) pushCurrent(c, null);
    }),
  );

  const onMessage = (c: StreamClient, text: string): void => {
    let m: Record<string, unknown>;
    try {
      const v: unknown = JSON.parse(text);
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
      m = v as Record<string, unknown>;
    } catch {
      return send(c, { code: STREAM_REFUSED, msg: STREAM_MESSAGES.malformed });
    }
    switch (m.ac) {
      case STREAM_ACTIONS.auth:
        if (m.params !== token) {
          send(c, { code: STREAM_REFUSED, resAc: 'auth', msg: STREAM_MESSAGES.authFailed });
          c.socket.close(STREAM_CLOSE.authFailed, STREAM_MESSAGES.authFailed);
          return;
        }
        c.authed = true;
        return send(c, { code: STREAM_OK, resAc: 'auth', msg: STREAM_MESSAGES.authenticated });
      case STREAM_ACTIONS.ping:
        return send(c, { resAc: STREAM_ACTIONS.pong, data: { params: m.params } });
      case STREAM_ACTIONS.subscribe:
      case STREAM_ACTIONS.unsubscribe: {
        const resAc = m.ac;
        const symbols =
          typeof m.params === 'string' ? m.params.split(',').map((s) => s.trim()) : null;
        const types =
          typeof m.types === 'string'
            ? m.types.split(',').map((s) => s.trim())
            : resAc === 'unsubscribe'
              ? []
              : null;
        if (
          !c.authed ||
          !symbols ||
          !types ||
          !types.every(isStreamType) ||
          symbols.some((s) => !s.includes('$'))
        ) {
          return send(c, { code: STREAM_REFUSED, resAc, msg: STREAM_MESSAGES.malformed });
        }
        const canonical = symbols.map((s) => {
          const at = s.lastIndexOf('$');
          return streamSymbol(s.slice(0, at), s.slice(at + 1));
        });
        for (const s of canonical) {
          if (resAc === 'subscribe') {
            const set = c.subs.get(s) ?? new Set<StreamType>();
            for (const t of types) set.add(t as StreamType);
            c.subs.set(s, set);
          } else if (types.length === 0) c.subs.delete(s);
          else for (const t of types) c.subs.get(s)?.delete(t as StreamType);
        }
        send(c, {
          code: STREAM_OK,
          resAc,
          msg: resAc === 'subscribe' ? STREAM_MESSAGES.subscribed : STREAM_MESSAGES.unsubscribed,
        });
        if (resAc === 'subscribe') pushCurrent(c, canonical);
        return;
      }
      default:
        return send(c, { code: STREAM_REFUSED, msg: STREAM_MESSAGES.malformed });
    }
  };

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cls = classOfPath.get(url.pathname);
    if (!cls) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c: StreamClient = {
        socket: ws,
        cls,
        authed: req.headers.token === token,
        subs: new Map(),
      };
      clients.add(c);
      ws.on('message', (data) => onMessage(c, String(data)));
      ws.on('close', () => clients.delete(c));
      ws.on('error', () => clients.delete(c));
      send(c, { code: STREAM_OK, msg: STREAM_MESSAGES.connected });
      if (req.headers.token !== undefined && !c.authed) {
        send(c, { code: STREAM_REFUSED, resAc: 'auth', msg: STREAM_MESSAGES.authFailed });
        ws.close(STREAM_CLOSE.authFailed, STREAM_MESSAGES.authFailed);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | null = null;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    close() {
      closed ??= (async () => {
        listening.dispose();
        for (const c of clients) c.socket.terminate();
        wss.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closed;
    },
  };
}
