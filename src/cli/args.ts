/**
 * Argument parsing for the `marketdesk` command line: node:util parseArgs with the
 * global options every command shares, and one error type for usage mistakes
 * (exit status 2).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from '../core/api';
import {
  canonicalCodes,
  isAssetClass,
  KTYPES,
  kTypesFor,
  liveSourceId,
  parseKType,
  parsePlan,
  PLANS,
  SETTINGS_LIMITS,
  type AssetClass,
  type KType,
  type Plan,
} from '../shared/model';

/** The `--plan` values, from the plan table: `free|base|…|enterprise[:N]`. */
export const PLAN_CHOICES = `${PLANS.join('|')}[:N]`;

/** A mistake in how the command was called: printed as one line, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Options every command accepts. */
export const GLOBAL_OPTIONS = {
  'base-url': { type: 'string' },
  token: { type: 'string' },
  plan: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean', default: false },
  'no-cache': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

export interface GlobalOptions {
  baseUrl: string | undefined;
  /** Never printed, never logged. */
  token: string | undefined;
  plan: Plan | undefined;
  /** How long one request may take (the app's request timeout setting); default 10 s. */
  timeoutMs: number;
  json: boolean;
  /** Neither read nor write the cache. */
  noCache: boolean;
  help: boolean;
}

export interface Parsed<V> {
  values: V;
  positionals: string[];
  global: GlobalOptions;
}

/** Parses `argv` with the command's own options plus the global ones. */
export function parseCommand<O extends Options>(
  argv: string[],
  options: O,
  env: Readonly<Record<string, string | undefined>>,
): Parsed<
  ReturnType<
    typeof parseArgs<{ options: O & typeof GLOBAL_OPTIONS; allowPositionals: true }>
  >['values']
> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, ...GLOBAL_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify.*$/s, '.'));
  }
  const v = parsed.values as Record<string, unknown>;
  // An empty variable (`MARKETDESK_PLAN=`) counts as unset, as shells use it to unset.
  const planText = (v['plan'] as string | undefined) ?? (env['MARKETDESK_PLAN'] || undefined);
  let plan: Plan | undefined;
  if (planText !== undefined) {
    plan = parsePlan(planText) ?? undefined;
    if (!plan) {
      throw new UsageError(`--plan must be ${PLAN_CHOICES}, got "${planText}"`);
    }
  }
  const timeoutText =
    (v['timeout'] as string | undefined) ?? (env['MARKETDESK_TIMEOUT'] || undefined);
  const flagUrl = (v['base-url'] as string | undefined)?.trim();
  const envUrl = env['MARKETDESK_BASE_URL']?.trim() || undefined;
  const flagToken = v['token'] as string | undefined;
  const envToken = env['MARKETDESK_TOKEN'] || undefined;
  // MARKETDESK_TOKEN is for MARKETDESK_BASE_URL's service (or the default one), as in the
  // app: a --base-url elsewhere must not receive it.
  if (flagToken === undefined && envToken !== undefined && flagUrl !== undefined) {
    const tokenFor = liveSourceId(envUrl ?? DEFAULT_BASE_URL).slice('live:'.length);
    if (liveSourceId(flagUrl) !== liveSourceId(envUrl ?? DEFAULT_BASE_URL)) {
      throw new UsageError(
        `MARKETDESK_TOKEN is for ${tokenFor}, not ${flagUrl}: pass --token for that service, or set MARKETDESK_BASE_URL with the token`,
      );
    }
  }
  const global: GlobalOptions = {
    baseUrl: flagUrl ?? envUrl,
    token: flagToken ?? envToken,
    plan,
    timeoutMs: timeoutText === undefined ? DEFAULT_TIMEOUT_MS : parseTimeout(timeoutText),
    json: v['json'] === true,
    noCache: v['no-cache'] === true,
    help: v['help'] === true,
  };
  return { values: parsed.values as never, positionals: parsed.positionals, global };
}

/** A required string option, trimmed and non-empty. */
export function requireOption(value: string | undefined, flag: string): string {
  const text = value?.trim();
  if (!text) throw new UsageError(`missing --${flag}`);
  return text;
}

/**
 * `A,B, C` → ['A','B','C'] in the canonical form of `region` (upper case; HK without
 * leading zeros), duplicates removed, order kept: `aapl,AAPL` is one instrument.
 */
export function parseCodes(value: string | undefined, region: string, flag = 'codes'): string[] {
  const codes = canonicalCodes(region, requireOption(value, flag).split(','));
  if (codes.length === 0) throw new UsageError(`--${flag} needs at least one code`);
  return codes;
}

/** The asset class positional, limited to the classes a command supports. */
export function parseAssetClass(
  value: string | undefined,
  allowed?: readonly AssetClass[],
): AssetClass {
  const expected = (allowed ?? []).join('|') || 'stock|crypto|fund|indices|forex|future';
  if (!value) throw new UsageError(`missing asset class (${expected})`);
  if (!isAssetClass(value) || (allowed && !allowed.includes(value))) {
    throw new UsageError(`asset class must be one of ${expected}, got "${value}"`);
  }
  return value;
}

const { requestTimeoutMs } = SETTINGS_LIMITS;

/** The `--timeout` values: the app's request timeout limits, said in seconds. */
export const TIMEOUT_CHOICES = `seconds from ${requestTimeoutMs.min / 1000} to ${requestTimeoutMs.max / 1000}`;

/**
 * `--timeout` (MARKETDESK_TIMEOUT): seconds, or with a unit (`30s`, `1500ms`, `2min`),
 * within the limits of the app's request timeout setting.
 */
export function parseTimeout(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min)?\s*$/i.exec(value);
  const unit = { ms: 1, s: 1000, min: 60_000 }[(m?.[2] ?? 's').toLowerCase() as 'ms' | 's' | 'min'];
  const ms = m ? Math.round(Number(m[1]) * unit) : Number.NaN;
  if (!(ms >= requestTimeoutMs.min && ms <= requestTimeoutMs.max)) {
    throw new UsageError(`--timeout must be ${TIMEOUT_CHOICES} (e.g. 30 or 30s), got "${value}"`);
  }
  return ms;
}

/**
 * `--ktype`: a label such as `1m`, `1d`, `1M`, or the API's number, among the intervals
 * the service has for `cls` (2h and 4h are crypto only): anything else is a usage
 * mistake named here, not a request the service refuses with its internal number.
 */
export function parseKTypeOption(value: string | undefined, cls: AssetClass): KType {
  const text = requireOption(value, 'ktype');
  const kType = parseKType(text);
  const allowed = kTypesFor(cls);
  if (kType !== null && allowed.includes(kType)) return kType;
  const labels = allowed.map((k) => KTYPES[k].label).join('|');
  // A known interval refused here is one of crypto's own (2h, 4h).
  const elsewhere = kType === null ? '' : ` (${KTYPES[kType].label} is for crypto only)`;
  throw new UsageError(
    `--ktype for ${cls} must be one of ${labels}, or the API's number ${allowed.join(',')}; got "${text}"${elsewhere}`,
  );
}

/** A positive integer option, e.g. --limit. */
export function parsePositiveInt(
  value: string | undefined,
  flag: string,
  fallback?: number,
): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`missing --${flag}`);
  }
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--${flag} must be a positive integer, got "${value}"`);
  }
  return n;
}

/** `--before`: an ISO 8601 time or Unix milliseconds → Unix ms. */
export function parseTimeOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new UsageError(
      `--${flag} must be an ISO 8601 time (2026-11-20T14:30:00Z) or Unix milliseconds, got "${value}"`,
    );
  }
  return ms;
}

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** A size such as `500MB` (decimal), `1GiB` (binary) or plain bytes. */
export function parseBytes(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = m ? BYTE_UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined || Number(m[1]) <= 0) {
    throw new UsageError(`--${flag} must be a size such as 500MB or 1GiB, got "${value}"`);
  }
  return Math.floor(Number(m[1]) * unit);
}
