/**
 * One stream connection: authentication (the `token` header on the upgrade, or the
 * `auth` message), subscriptions within the limit, ping/pong, and the pushes of the
 * endpoint's channels, each through the stream faults in force.
 */
import type { WebSocket } from 'ws';
import { STREAM_CLOSE, streamSymbol, type StreamType } from '../../shared/api/stream';
import { malformBody } from '../malform';
import { tokenRefusal } from '../token';
import type { Reader, ResolvedSymbol, StreamChannels } from './channels';
import { parseRequest, replies, type ClientRequest } from './protocol';
import { DEFAULT_STALL_MS, type PushFate, type StreamFaults } from './stream-faults';
import type { Timers } from '../../shared/timers';

/** What a session needs of its server. */
export interface SessionContext {
  channels: StreamChannels;
  /** The configured token; undefined: any token, or none, is accepted. */
  token: string | undefined;
  /** Time to authenticate before the connection is closed; null: no deadline. */
  authDeadlineMs: number | null;
  /** Symbols one connection may subscribe. */
  limit: number;
  now(): number;
  timers: Timers;
  faults(): StreamFaults;
  /** The fate of the next push, or null when no fault draws pushes. */
  nextFate(): PushFate | null;
  /** Outgoing bytes queued past which a client is dropped for reading too slowly. */
  maxBufferedBytes: number;
  /** A session authenticated with `token` (the server disconnects an older one). */
  authenticated(session: StreamSession, token: string): void;
  closed(session: StreamSession): void;
  /** Counts a frame received. */
  received(): void;
}

export class StreamSession implements Reader {
  readonly #ws: WebSocket;
  readonly #ctx: SessionContext;
  /** Subscribed symbols (channel keys) and their types. */
  readonly #subs = new Map<string, Set<StreamType>>();
  #authed: boolean;
  #open = true;
  #stalledUntil = -Infinity;
  #pongTimers = new Set<unknown>();

  /** Opens the session: `Connected Successfully`, then the header's verdict if one came. */
  constructor(ws: WebSocket, ctx: SessionContext, headerToken: string | undefined) {
    this.#ws = ws;
    this.#ctx = ctx;
    // Without a configured token every connection may subscribe, as REST takes any token.
    this.#authed = ctx.token === undefined;
    ws.on('message', (data, isBinary) => {
      ctx.received();
      this.#handle(isBinary ? { ac: 'malformed', resAc: null } : parseRequest(data.toString()));
    });
    ws.on('close', () => this.#cleanup());
    ws.on('error', () => ws.terminate());
    this.#send(replies.connected);
    if (headerToken !== undefined && headerToken !== '') this.#auth(headerToken, false);
    if (!this.#authed && ctx.authDeadlineMs !== null) {
      const deadline = ctx.timers.setTimeout(() => {
        if (this.#open && !this.#authed)
          this.close(STREAM_CLOSE.authFailed, 'not authenticated in time');
      }, ctx.authDeadlineMs);
      ws.once('close', () => ctx.timers.clearTimeout(deadline));
    }
  }

  /** True once the connection has authenticated (or needs not). */
  get authed(): boolean {
    return this.#authed;
  }

  /** Symbols subscribed. */
  get size(): number {
    return this.#subs.size;
  }

  get open(): boolean {
    return this.#open;
  }

  /** A push from a channel, through the faults in force. */
  push(frame: string): void {
    if (!this.#open || this.#ctx.now() < this.#stalledUntil) return;
    const fate = this.#ctx.nextFate();
    if (fate?.drop) return this.cut();
    if (fate?.stall) {
      this.#stalledUntil = this.#ctx.now() + (this.#ctx.faults().stallMs ?? DEFAULT_STALL_MS);
      return;
    }
    this.#send(fate?.malform ? malformBody(frame, fate.malform, fate.malformDraw) : frame);
  }

  /** Cuts the connection without a close frame (a dropped connection, an outage). */
  cut(): void {
    this.#ws.terminate();
    this.#cleanup();
  }

  /** Closes with a close frame. */
  close(code: number, reason: string): void {
    this.#ws.close(code, reason);
    this.#cleanup();
  }

  #send(text: string): void {
    if (!this.#open || this.#ctx.now() < this.#stalledUntil) return;
    if (this.#ws.bufferedAmount > this.#ctx.maxBufferedBytes) {
      this.close(STREAM_CLOSE.slowReader, 'reading too slowly');
      return;
    }
    this.#ws.send(text);
  }

  #handle(request: ClientRequest): void {
    if (!this.#open) return;
    switch (request.ac) {
      case 'auth':
        return this.#auth(request.token, true);
      case 'ping':
        return this.#pong(request.value);
      case 'subscribe':
        if (!this.#authed) return this.#refuseAuth();
        return this.#subscribe(request.symbols, request.types);
      case 'unsubscribe':
        if (!this.#authed) return this.#refuseAuth();
        return this.#unsubscribe(request.symbols, request.types);
      case 'malformed':
        return this.#send(replies.malformed(request.resAc));
    }
  }

  #auth(token: string, byMessage: boolean): void {
    if (tokenRefusal(this.#ctx.token, token) !== null) return this.#refuseAuth();
    this.#authed = true;
    // The message variant echoes the token (docs/streaming.md); the header's answer does not.
    this.#send(replies.authenticated(byMessage ? token : undefined));
    this.#ctx.authenticated(this, token);
  }

  #refuseAuth(): void {
    this.#send(replies.authFailed);
    this.close(STREAM_CLOSE.authFailed, 'auth failed');
  }

  #pong(value: string | number): void {
    const delay = this.#ctx.faults().pongDelayMs ?? 0;
    if (delay <= 0) return this.#send(replies.pong(value));
    const handle = this.#ctx.timers.setTimeout(() => {
      this.#pongTimers.delete(handle);
      this.#send(replies.pong(value));
    }, delay);
    this.#pongTimers.add(handle);
  }

  #subscribe(refs: readonly { code: string; region: string }[], types: StreamType[]): void {
    const channels = this.#ctx.channels;
    const wanted = new Map<string, ResolvedSymbol>();
    for (const ref of refs) {
      // Unknown products are skipped, as a REST batch answers them a null entry.
      const symbol = channels.resolve(ref.code, ref.region);
      if (symbol) wanted.set(symbol.key, symbol);
    }
    let total = this.#subs.size;
    for (const key of wanted.keys()) if (!this.#subs.has(key)) total++;
    if (total > this.#ctx.limit) return this.#send(replies.overLimit);
    for (const symbol of wanted.values()) {
      let have = this.#subs.get(symbol.key);
      if (!have) {
        have = new Set();
        this.#subs.set(symbol.key, have);
      }
      for (const type of types) {
        if (have.has(type)) continue;
        have.add(type);
        channels.add(symbol, type, this);
      }
    }
    this.#send(replies.subscribed);
  }

  #unsubscribe(refs: readonly { code: string; region: string }[], types: StreamType[] | null) {
    for (const ref of refs) {
      const key = streamSymbol(ref.code, ref.region);
      const have = this.#subs.get(key);
      if (!have) continue;
      for (const type of types ?? [...have]) {
        if (!have.delete(type)) continue;
        this.#ctx.channels.remove(key, type, this);
      }
      if (have.size === 0) this.#subs.delete(key);
    }
    this.#send(replies.unsubscribed);
  }

  #cleanup(): void {
    if (!this.#open) return;
    this.#open = false;
    for (const handle of this.#pongTimers) this.#ctx.timers.clearTimeout(handle);
    this.#pongTimers.clear();
    for (const [key, types] of this.#subs) {
      for (const type of types) this.#ctx.channels.remove(key, type, this);
    }
    this.#subs.clear();
    this.#ctx.closed(this);
  }
}
