/**
 * The stream's wire messages on the simulator's side: what a client sent, parsed
 * strictly (anything the contract does not describe is "cannot be resolved action"),
 * and the server's answers, word for word as `docs/streaming.md` gives them.
 */
import {
  STREAM_ACTIONS,
  STREAM_MESSAGES,
  STREAM_OK,
  STREAM_REFUSED,
  isStreamType,
  type StreamType,
} from '../../shared/api/stream';
import { isRegion, isSymbolCode } from '../../shared/model';

/** One `CODE$REGION` of a request, as sent (not yet looked up). */
export interface SymbolRef {
  code: string;
  region: string;
}

/** A parsed client message. */
export type ClientRequest =
  | { ac: 'auth'; token: string }
  | { ac: 'subscribe'; symbols: SymbolRef[]; types: StreamType[] }
  /** `types` null: every type of those symbols. */
  | { ac: 'unsubscribe'; symbols: SymbolRef[]; types: StreamType[] | null }
  | { ac: 'ping'; value: string | number }
  /** Not a request the contract describes; `resAc` echoes the request's `ac` when it had one. */
  | { ac: 'malformed'; resAc: string | null };

/** Longest `params` list accepted in one message (a plan holds at most 2,000). */
export const MAX_SYMBOLS_PER_REQUEST = 5_000;

const malformed = (resAc: string | null): ClientRequest => ({ ac: 'malformed', resAc });

/** `AAPL$US,TSLA$US` → refs; null when any entry is malformed or the list is empty. */
function parseSymbols(params: unknown): SymbolRef[] | null {
  if (typeof params !== 'string') return null;
  const parts = params.split(',');
  if (parts.length > MAX_SYMBOLS_PER_REQUEST) return null;
  const out: SymbolRef[] = [];
  for (const part of parts) {
    const entry = part.trim();
    const at = entry.lastIndexOf('$');
    if (at < 0) return null;
    const code = entry.slice(0, at).trim();
    const region = entry.slice(at + 1).trim();
    if (!isSymbolCode(code) || !isRegion(region)) return null;
    out.push({ code, region });
  }
  return out;
}

/** `quote,depth` → types (deduplicated); null when empty or naming an unknown type. */
function parseTypes(types: unknown): StreamType[] | null {
  if (typeof types !== 'string') return null;
  const out = new Set<StreamType>();
  for (const part of types.split(',')) {
    const type = part.trim();
    if (!isStreamType(type)) return null;
    out.add(type);
  }
  return [...out];
}

/** Parses one text frame from a client. */
export function parseRequest(text: string): ClientRequest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed(null);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return malformed(null);
  const { ac, params, types } = value as Record<string, unknown>;
  if (typeof ac !== 'string') return malformed(null);
  switch (ac) {
    case STREAM_ACTIONS.auth:
      return typeof params === 'string' ? { ac, token: params } : malformed(ac);
    case STREAM_ACTIONS.ping:
      return typeof params === 'string' || (typeof params === 'number' && Number.isFinite(params))
        ? { ac, value: params }
        : malformed(ac);
    case STREAM_ACTIONS.subscribe: {
      const symbols = parseSymbols(params);
      const parsed = parseTypes(types);
      return symbols && parsed ? { ac, symbols, types: parsed } : malformed(ac);
    }
    case STREAM_ACTIONS.unsubscribe: {
      const symbols = parseSymbols(params);
      const parsed = types === undefined ? null : parseTypes(types);
      return symbols && (types === undefined || parsed)
        ? { ac, symbols, types: parsed }
        : malformed(ac);
    }
    default:
      return malformed(ac);
  }
}

/** The server's answers, as the text frames sent. */
export const replies = {
  connected: JSON.stringify({ code: STREAM_OK, msg: STREAM_MESSAGES.connected }),
  /** With `echo`, the documented variant that repeats the token sent in `data.params`. */
  authenticated(echo?: string): string {
    const ok = { code: STREAM_OK, resAc: STREAM_ACTIONS.auth, msg: STREAM_MESSAGES.authenticated };
    return JSON.stringify(echo === undefined ? ok : { ...ok, data: { params: echo } });
  },
  authFailed: JSON.stringify({
    code: STREAM_REFUSED,
    resAc: STREAM_ACTIONS.auth,
    msg: STREAM_MESSAGES.authFailed,
  }),
  subscribed: JSON.stringify({
    code: STREAM_OK,
    resAc: STREAM_ACTIONS.subscribe,
    msg: STREAM_MESSAGES.subscribed,
  }),
  unsubscribed: JSON.stringify({
    code: STREAM_OK,
    resAc: STREAM_ACTIONS.unsubscribe,
    msg: STREAM_MESSAGES.unsubscribed,
  }),
  overLimit: JSON.stringify({
    code: STREAM_REFUSED,
    resAc: STREAM_ACTIONS.subscribe,
    msg: STREAM_MESSAGES.overLimit,
  }),
  malformed(resAc: string | null): string {
    const base = { code: STREAM_REFUSED, msg: STREAM_MESSAGES.malformed };
    return JSON.stringify(resAc === null ? base : { code: base.code, resAc, msg: base.msg });
  },
  pong(value: string | number): string {
    return JSON.stringify({ resAc: STREAM_ACTIONS.pong, data: { params: value } });
  },
  /** A push: the REST record with `s` in the stream's form and the push `type`. */
  push(record: object, s: string, type: StreamType): string {
    return JSON.stringify({ code: STREAM_OK, data: { ...record, s, type } });
  },
};
