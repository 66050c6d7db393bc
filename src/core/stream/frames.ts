/**
 * The service's stream frames, read leniently (streaming.md: the documents differ; a
 * client accepts every variant): `code` as a number or numeric text, `msg` in any case,
 * the push `type` in the record or beside it, a push carrying one record or several.
 */
import {
  STREAM_ACTIONS,
  STREAM_MESSAGES,
  STREAM_OK,
  isStreamType,
  type StreamType,
} from '../../shared/api/stream';

/** One record of a push, before normalising. */
export interface PushedRecord {
  type: StreamType;
  /** The instrument as the service names it: `AAPL.US`, `ETH_USDT`, `BTCUSDT` … */
  s: string;
  record: Record<string, unknown>;
}

/** A frame from the service. */
export type ServerFrame =
  | { kind: 'connected' }
  | { kind: 'auth'; ok: boolean }
  /** The answer to a subscribe or unsubscribe request (or to one the service could not read). */
  | { kind: 'answer'; action: string | null; ok: boolean; overLimit: boolean; message: string }
  | { kind: 'pong'; value: unknown }
  | { kind: 'push'; records: PushedRecord[] }
  /** JSON the contract does not describe: ignored. */
  | { kind: 'other' }
  /** Not JSON, or a push whose records cannot be told apart. */
  | { kind: 'malformed' };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();

function isOk(code: unknown): boolean {
  return code === STREAM_OK || (typeof code === 'string' && Number(code) === STREAM_OK);
}

function pushedRecord(value: unknown, outerType: unknown): PushedRecord | null {
  if (!isObject(value)) return null;
  const type = typeof value.type === 'string' ? value.type.toLowerCase() : outerType;
  const s = typeof value.s === 'number' ? String(value.s) : value.s;
  if (!isStreamType(type) || typeof s !== 'string' || s.trim() === '') return null;
  return { type, s: s.trim(), record: value };
}

/** Reads one text frame. */
export function readFrame(text: string): ServerFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  if (!isObject(value)) return { kind: 'malformed' };
  const { code, msg, resAc, data } = value;
  if (same(resAc, STREAM_ACTIONS.pong)) {
    return { kind: 'pong', value: isObject(data) ? data.params : value.params };
  }
  if (same(resAc, STREAM_ACTIONS.auth)) {
    return { kind: 'auth', ok: isOk(code) && !same(msg, STREAM_MESSAGES.authFailed) };
  }
  // Variants without resAc: the words alone say what the frame is.
  if (resAc === undefined && same(msg, STREAM_MESSAGES.authFailed))
    return { kind: 'auth', ok: false };
  if (resAc === undefined && same(msg, STREAM_MESSAGES.authenticated) && isOk(code)) {
    return { kind: 'auth', ok: true };
  }
  if (resAc !== undefined || (!isOk(code) && typeof msg === 'string')) {
    const message = typeof msg === 'string' ? msg : '';
    return {
      kind: 'answer',
      action: typeof resAc === 'string' ? resAc.trim().toLowerCase() : null,
      ok: isOk(code),
      overLimit: message.toLowerCase().includes(STREAM_MESSAGES.overLimit),
      message,
    };
  }
  if (same(msg, STREAM_MESSAGES.connected)) return { kind: 'connected' };
  if (isOk(code) && data !== undefined && data !== null) {
    const list = Array.isArray(data) ? data : [data];
    const outerType = typeof value.type === 'string' ? value.type.toLowerCase() : undefined;
    const records: PushedRecord[] = [];
    for (const item of list) {
      const record = pushedRecord(item, outerType);
      if (!record) return { kind: 'malformed' };
      records.push(record);
    }
    return records.length > 0 ? { kind: 'push', records } : { kind: 'other' };
  }
  return { kind: 'other' };
}
