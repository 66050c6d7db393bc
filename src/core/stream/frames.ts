/**
 * The service's stream frames, read leniently (docs/streaming.md: the documents differ; a
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
  | { kind: 'malformed' }
  /** Past the work one frame may cost ({@link FRAME_BUDGET}): dropped unread, counted. */
  | { kind: 'over-budget'; reason: string };

/**
 * The work one frame may cost, beyond the socket's byte limit: a hostile or broken
 * service sending 400 KB frames of 5,000 unreadable records, or JSON nested 200,000
 * deep, would otherwise hold the process — and every window it serves — busy. The
 * service's real frames are one record or a few dozen, nested four or five deep.
 */
export const FRAME_BUDGET = {
  /** Characters of one frame's text. */
  chars: 1024 * 1024,
  /** Nesting of objects and arrays; checked by a scan before the text is parsed. */
  depth: 16,
  /** Records of one push. */
  records: 1000,
} as const;

/** A frame's budget (tests shrink it). */
export type FrameBudget = { readonly [K in keyof typeof FRAME_BUDGET]: number };

/**
 * True when no object or array in `text` is nested deeper than `max`: one pass over the
 * characters, strings skipped, stopping at the first level too deep — so a frame nested
 * 200,000 deep costs a scan of its first few bytes, never a parse.
 */
export function nestingWithin(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return true;
}

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

/** Reads one text frame, within `budget`. */
export function readFrame(text: string, budget: FrameBudget = FRAME_BUDGET): ServerFrame {
  if (text.length > budget.chars) {
    return { kind: 'over-budget', reason: `longer than ${budget.chars} characters` };
  }
  if (!nestingWithin(text, budget.depth)) {
    return { kind: 'over-budget', reason: `nested deeper than ${budget.depth} levels` };
  }
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
    if (list.length > budget.records) {
      return { kind: 'over-budget', reason: `more than ${budget.records} records` };
    }
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
