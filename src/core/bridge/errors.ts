/**
 * How failures cross the bridge: `{ code, message }` values, never stacks, never the
 * token. Handlers throw `BridgeFailure` for refusals they mean; the services' own errors
 * (settings, token, API, cache) are classified here.
 */
import type { z } from 'zod';
import type { BridgeError, BridgeErrorCode, BridgeEventMessage } from '../../shared/bridge';
import { isApiError } from '../api';
import { CacheTooNewError } from '../cache';
import { TokenError } from '../link';
import type { Redactor } from '../redact';
import type { SecretErrorKind } from '../secrets';
import { isStoreError } from '../settings';
import { errorMessage } from '../../shared/errors';

/** A failure a handler reports on purpose (e.g. `forbidden`, `not-found`). */
export class BridgeFailure extends Error {
  override readonly name = 'BridgeFailure';
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The code each refusal of a token operation crosses the bridge as. */
const TOKEN_ERROR_CODES: Record<SecretErrorKind, BridgeErrorCode> = {
  invalid: 'bad-argument',
  failed: 'storage',
  'environment-override': 'forbidden',
};

/** Turns zod issues into one sentence naming the command and the fields. */
export function describeIssues(command: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const where = formatPath(issue.path);
    if (!ZOD_DEFAULT.test(issue.message)) return withCustomMessage(where, issue.message);
    return where ? `${where} ${issueText(issue)}` : issueText(issue);
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `${command}: ${parts.join('; ')}${more}`;
}

/**
 * A schema's own message (the settings patch's) often names the field itself:
 * "intervals.quotes must be…" at path `patch.intervals.quotes` reads
 * "patch.intervals.quotes must be…"; a sentence (capitalised) stands alone; any other
 * is set off with a colon.
 */
function withCustomMessage(where: string, message: string): string {
  if (!where) return message;
  // A sentence for people ("Quotes refresh must be…") names its field in the form's words.
  if (/^[A-Z]/.test(message)) return message;
  if (/^(must|is|are|has) /.test(message)) return `${where} ${message}`;
  const segments = where.split('.');
  for (let i = 0; i < segments.length; i++) {
    const suffix = segments.slice(i).join('.');
    if (message.startsWith(suffix)) {
      const prefix = segments.slice(0, i).join('.');
      return prefix ? `${prefix}.${message}` : message;
    }
  }
  return `${where}: ${message}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  int: 'an integer',
};

/** zod's default messages; anything else was written for the user by a schema. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized key|Expected)/;

// zod's own messages are fine but generic ("Invalid input: expected string, received
// number"); these read as "token must be a string". None of them echoes the value
// (a token sent in the wrong field must not come back in an error).
function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 does not keep the input on issues (good: it may be a token); its message says.
      if (/received undefined/.test(issue.message)) return 'is required';
      return `must be ${ARTICLE[issue.expected] ?? issue.expected}`;
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys
        .slice(0, 5)
        .map((k) => `"${k.slice(0, 40)}"`)
        .join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) {
        return `must be one of ${(issue.options as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      }
      return 'has an unexpected shape';
    case 'too_small':
      if (issue.origin === 'array') return `must have at least ${String(issue.minimum)} item(s)`;
      if (issue.origin === 'string')
        return `must be at least ${String(issue.minimum)} character(s)`;
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'array') return `must have at most ${String(issue.maximum)} items`;
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
    case 'custom':
      return issue.message;
    default:
      return issue.message;
  }
}

export type { Redactor } from '../redact';

/**
 * An event with its free text scrubbed: a subscription's state message and a candle
 * page's error, the events' only words that can come from the service. The market
 * client already blanks the token where an API error is made (RedactingMarketClient);
 * this is the bridge's second line, as for answers and the status. Market data events
 * pass untouched (and uncopied): they carry numbers and the service's own records.
 */
export function redactEvent(message: BridgeEventMessage, redact: Redactor): BridgeEventMessage {
  if (message.event === 'subscriptionStatus') {
    const payload = message.payload as BridgeEventMessage<'subscriptionStatus'>['payload'];
    if (payload.message === undefined) return message;
    return { event: message.event, payload: { ...payload, message: redact(payload.message) } };
  }
  if (message.event === 'candles') {
    const payload = message.payload as BridgeEventMessage<'candles'>['payload'];
    if (payload.page.error === undefined) return message;
    const page = { ...payload.page, error: redact(payload.page.error) };
    return { event: message.event, payload: { ...payload, page } };
  }
  return message;
}

/** Classifies a thrown value as a bridge error; the message is redacted and stackless. */
export function toBridgeError(command: string, error: unknown, redact: Redactor): BridgeError {
  if (error instanceof BridgeFailure) return { code: error.code, message: redact(error.message) };
  if (isStoreError(error)) return { code: error.code, message: redact(error.message) };
  if (error instanceof TokenError) {
    return { code: TOKEN_ERROR_CODES[error.kind], message: redact(error.message) };
  }
  if (isApiError(error)) return { code: 'api', message: redact(error.message) };
  if (error instanceof CacheTooNewError) return { code: 'storage', message: redact(error.message) };
  const sqliteCode = (error as { code?: unknown } | null)?.code;
  if (typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_')) {
    return { code: 'storage', message: redact(`${command}: the cache failed (${sqliteCode})`) };
  }
  const text = errorMessage(error);
  // First line only: some libraries put a stack-like trace into the message.
  const line = (text.split('\n')[0] ?? '').slice(0, 300);
  return { code: 'internal', message: redact(`${command} failed: ${line}`) };
}
