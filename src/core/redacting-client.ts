/**
 * The one place an API error becomes a message: the client's answers leave it with the
 * token blanked out. The service's own words reach the error's message (an envelope
 * `msg`, an error body), and some services repeat the token there ("quota exceeded for
 * token …"). Everything downstream — feed subscription states, history pages, stock
 * info, symbol checks, the health service, logs, notices, the command line — reads
 * `error.message` from here, so none of them has to remember to redact.
 */
import type { OperationName } from '../shared/api/operations';
import {
  type ApiError,
  MarketClient,
  isApiError,
  type CallOptions,
  type MarketClientOptions,
  type ParamsOf,
  type Result,
  type ResultOf,
} from './api';
import { redactSecrets, type Redactor } from './redact';
import type { SymbolListParams } from './api';
import type { DirectoryEntry } from '../shared/model';

/** Options of a {@link RedactingMarketClient}. */
export interface RedactingClientOptions extends MarketClientOptions {
  /**
   * What blanks secrets out of an error's texts; default the client's own token. An
   * owner that knows more secrets (tokens replaced this session) passes its own.
   */
  redact?: Redactor;
}

/**
 * A {@link MarketClient} whose failures carry no token. Every operation — the per-kind
 * methods included — runs through `call`, so redacting its answer covers them all:
 * the error of a failed call, and each code's error of a batch (`failed`).
 */
export class RedactingMarketClient extends MarketClient {
  readonly #redact: Redactor;

  constructor(options: RedactingClientOptions) {
    const { redact, ...client } = options;
    super(client);
    const token = options.token;
    this.#redact = redact ?? ((text) => redactSecrets(text, [token]));
  }

  override async call<Op extends OperationName>(
    op: Op,
    params: ParamsOf<Op>,
    options: CallOptions = {},
  ): Promise<Result<ResultOf<Op>>> {
    const result = await super.call(op, params, options);
    if (!result.ok) return { ok: false, error: result.error.redacted(this.#redact) };
    return { ok: true, value: this.#redactBatch(result.value) };
  }

  override async symbolList(
    params: SymbolListParams,
    options: CallOptions = {},
  ): Promise<Result<DirectoryEntry[]>> {
    const result = await super.symbolList(params, options);
    return result.ok ? result : { ok: false, error: result.error.redacted(this.#redact) };
  }

  /** A batch answer's per-code errors, redacted; anything else as it is. */
  #redactBatch<T>(value: T): T {
    const failed = (value as { failed?: unknown } | null)?.failed;
    if (typeof failed !== 'object' || failed === null) return value;
    const entries = Object.entries(failed as Record<string, unknown>);
    if (entries.length === 0) return value;
    // One chunk's error is shared by its codes: redact each distinct error once.
    const done = new Map<ApiError, ApiError>();
    const redacted: Record<string, ApiError> = {};
    for (const [code, error] of entries) {
      if (!isApiError(error)) continue;
      let copy = done.get(error);
      if (!copy) done.set(error, (copy = error.redacted(this.#redact)));
      redacted[code] = copy;
    }
    return { ...value, failed: redacted };
  }
}
