/**
 * SymbolChecker: asks the current data source whether a typed symbol exists, so the
 * app refuses an unknown one instead of showing invented data (docs/architecture.md: "an unknown
 * symbol is unknown, never invented data").
 *
 * One request per check, the cheapest that names the product: a stock's `info` (which
 * also gives its name); for the other classes a one-code batch request of that class,
 * chosen from the operation table (quotes where the class has them, else depths, else
 * klines). Verdicts are remembered briefly per client instance, so typing in a form or
 * a palette does not spend the plan's request budget twice on the same symbol; a new
 * client is a new source (token, base URL, demo ↔ live) and starts with no memory.
 */
import { findOperation, type OperationName } from '../../shared/api/operations';
import {
  canonicalInstrument,
  instrumentKey,
  type AssetClass,
  type Instrument,
  type SymbolCheck,
  type SymbolQuery,
} from '../../shared/model';
import type { ApiError, BatchResult, MarketClient, Result } from '../api';
import { unknownSymbolMessage } from '../api';
import type { HealthService } from '../health';

/** The part of the client the checker uses (a `MarketClient`, or a fake in tests). */
export type SymbolClient = Pick<MarketClient, 'call'>;

/** How long a known or unknown verdict is trusted without asking again. */
export const DEFAULT_VERDICT_TTL_MS = 60_000;
/** How long one check may take, waiting for the rate limiter included. */
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;
/** Verdicts remembered per client; the oldest go first. */
const MAX_REMEMBERED = 500;

export interface SymbolCheckerOptions {
  /** The client in use now. Called on every check: a new instance is a new source. */
  client: () => SymbolClient;
  /** Clock for the memory (Unix ms); default Date.now. */
  now?: () => number;
  /** How long a known/unknown verdict is remembered; default 60 s. */
  ttlMs?: number;
  /** Longest wait for one check (rate-limit queue included); then `unverified`. Default 10 s. */
  timeoutMs?: number;
  /**
   * The one health model: a check is not sent while requests are held (refused token,
   * rate limit), and its outcome counts like every other request's.
   */
  health?: Pick<HealthService, 'hold' | 'recordResult' | 'epoch'>;
}

interface Memo {
  verdict: Promise<SymbolCheck>;
  /** Unix ms after which the verdict is asked again; Infinity while in flight. */
  expires: number;
}

/** The operation that checks a code of `cls`: stock info, else a one-code batch request. */
export function checkOperation(cls: AssetClass): OperationName {
  const op =
    findOperation('info', cls, false) ??
    findOperation('quotes', cls, true) ??
    findOperation('depth', cls, true) ??
    findOperation('klines', cls, true);
  // Every class has at least a batch depth operation (spec 4.2); a table without one is a bug.
  if (op === null) throw new Error(`no operation can check a ${cls} symbol`);
  return op;
}

/** Checks typed symbols against the current source. */
export class SymbolChecker {
  readonly #client: () => SymbolClient;
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #timeoutMs: number;
  readonly #health: SymbolCheckerOptions['health'];
  /** Per client instance; a WeakMap lets a replaced client's memory go with it. */
  readonly #memory = new WeakMap<SymbolClient, Map<string, Memo>>();

  constructor(options: SymbolCheckerOptions) {
    this.#client = options.client;
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? DEFAULT_VERDICT_TTL_MS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
    this.#health = options.health;
  }

  /**
   * What the current source says of `query`, canonicalised first ("aapl" is AAPL, HK
   * "00700" is 700; the exchange is dropped outside stocks, which alone take one).
   * Never rejects: a check that cannot be made is `unverified`, with the reason.
   */
  check(query: SymbolQuery): Promise<SymbolCheck> {
    const canonical = canonicalInstrument({
      class: query.class,
      region: query.region,
      exchange: query.exchange,
      code: query.code,
    });
    const instrument: Instrument =
      canonical.class === 'stock' ? canonical : { ...canonical, exchange: '' };
    if (instrument.code === '') {
      return Promise.resolve({ status: 'unknown', instrument, message: 'Enter a symbol code.' });
    }
    const client = this.#client();
    let memory = this.#memory.get(client);
    if (memory === undefined) {
      memory = new Map();
      this.#memory.set(client, memory);
    }
    const key = instrumentKey(instrument);
    const memo = memory.get(key);
    if (memo !== undefined && this.#now() < memo.expires) return memo.verdict;
    const remembered = memory;
    const verdict = this.#ask(client, instrument)
      // A bug must not leave a rejected promise in memory for good: it is a "cannot tell".
      .catch((e: unknown) =>
        unverified(instrument, `Could not check ${instrument.code}: ${(e as Error).message}`),
      )
      .then((v) => {
        if (remembered.get(key)?.verdict !== verdict) return v;
        // "Cannot tell now" is no verdict: the next check asks again.
        if (v.status === 'unverified') remembered.delete(key);
        else remembered.set(key, { verdict, expires: this.#now() + this.#ttlMs });
        return v;
      });
    memory.delete(key);
    memory.set(key, { verdict, expires: Infinity });
    if (memory.size > MAX_REMEMBERED) memory.delete(memory.keys().next().value!);
    return verdict;
  }

  async #ask(client: SymbolClient, instrument: Instrument): Promise<SymbolCheck> {
    const { region, exchange, code } = instrument;
    const op = checkOperation(instrument.class);
    const params =
      op === 'stockInfo'
        ? { region, exchange, code, type: 'stock' }
        : op.endsWith('Klines')
          ? { region, codes: [code], kType: 8, limit: 1 }
          : { region, codes: [code] };
    // Offline is no hold here: a check asked for by a person may be the one that finds
    // the service back. A refused token or a rate limit is: say why instead of sending.
    const hold = this.#health?.hold();
    if (hold && hold.state !== 'offline') {
      return unverified(instrument, `Could not check ${code}: ${hold.message}`);
    }
    const epoch = this.#health?.epoch;
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let result: Result<unknown>;
    try {
      result = (await client.call(op, params as never, { signal })) as Result<unknown>;
    } catch (e) {
      // The client resolves every call to a Result; a fake or a bug may still throw.
      return unverified(instrument, `Could not check ${code}: ${(e as Error).message}`);
    }
    this.#health?.recordResult(result, {
      channel: 'symbols',
      ...(epoch === undefined ? {} : { epoch }),
    });
    if (!result.ok) return this.#fromError(instrument, result.error, signal);
    if (op === 'stockInfo') {
      const name = (result.value as { name?: unknown }).name;
      return { status: 'known', instrument, name: typeof name === 'string' && name ? name : null };
    }
    const batch = result.value as BatchResult<unknown>;
    if (batch.missing.includes(code)) return unknown(instrument);
    const failed = batch.failed[code];
    if (failed !== undefined) return this.#fromError(instrument, failed, signal);
    if (Object.hasOwn(batch.data, code)) return { status: 'known', instrument, name: null };
    return unverified(instrument, `Could not check ${code}: the service did not answer for it.`);
  }

  #fromError(instrument: Instrument, error: ApiError, signal: AbortSignal): SymbolCheck {
    if (error.kind === 'unknown-symbol') return unknown(instrument);
    if (error.kind === 'aborted' && signal.aborted) {
      return unverified(
        instrument,
        `Could not check ${instrument.code} within ${this.#timeoutMs / 1000} s: the service is slow or the request budget is used up. Try again shortly.`,
      );
    }
    return unverified(instrument, `Could not check ${instrument.code}: ${error.message}`);
  }
}

function unknown(instrument: Instrument): SymbolCheck {
  return {
    status: 'unknown',
    instrument,
    message: `${unknownSymbolMessage({ ...instrument, codes: [instrument.code] })}.`,
  };
}

function unverified(instrument: Instrument, message: string): SymbolCheck {
  return { status: 'unverified', instrument, message };
}
