/**
 * Pushed records → domain records, through the REST client's own normalisers
 * (../api/normalise-market.ts), so a pushed quote is the Quote the REST path yields for
 * the same record. The one leniency of the stream's own: a crypto quote may come without
 * `o`, `h`, `l` (docs/streaming.md); it is completed from the latest whole quote of the same
 * UTC day (crypto's trading day) — open kept, high and low widened by the new price —
 * and otherwise not passed on: the caller takes a REST snapshot instead of showing an
 * invented open.
 */
import type { StreamType } from '../../shared/api/stream';
import type { AssetClass, DepthBook, Quote, Tick } from '../../shared/model';
import { readDepth, readQuote, readTick } from '../api/normalise-market';
import { num } from '../api/read';

const DAY_MS = 86_400_000;

/** A pushed record read: the domain record, or 'incomplete' (a crypto quote with nothing to complete it). */
export type ReadPush =
  | { type: 'quote'; quote: Quote }
  | { type: 'depth'; depth: DepthBook }
  | { type: 'tick'; tick: Tick }
  | 'incomplete';

const missing = (v: unknown) => v === undefined || v === null || v === '';

export class PushReader {
  readonly #crypto: boolean;
  /** The latest whole quote per symbol key (crypto only). */
  readonly #bases = new Map<string, Quote>();

  constructor(cls: AssetClass) {
    this.#crypto = cls === 'crypto';
  }

  /**
   * Reads `record` of `type` for the symbol `key` whose code is `code`. Throws the
   * normalisers' RecordIssue when the record is unreadable.
   */
  read(key: string, code: string, type: StreamType, record: Record<string, unknown>): ReadPush {
    // The domain record names the symbol as the app holds it, as the REST path does.
    const wire: Record<string, unknown> = { ...record, s: code };
    switch (type) {
      case 'depth':
        return { type, depth: readDepth(wire, code) };
      case 'tick':
        return { type, tick: readTick(wire, code) };
      case 'quote': {
        if (!this.#crypto) return { type, quote: readQuote(wire, code, false) };
        if (missing(wire.o) || missing(wire.h) || missing(wire.l)) {
          const completed = this.#complete(key, wire);
          if (!completed) return 'incomplete';
          Object.assign(wire, completed);
        }
        const quote = readQuote(wire, code, true);
        this.#bases.set(key, quote);
        return { type, quote };
      }
    }
  }

  /** A whole quote from elsewhere (a REST snapshot) that later pushes may be completed from. */
  seed(key: string, quote: Quote): void {
    if (this.#crypto) this.#bases.set(key, quote);
  }

  forget(key: string): void {
    this.#bases.delete(key);
  }

  #complete(
    key: string,
    wire: Record<string, unknown>,
  ): { o: number; h: number; l: number } | null {
    const base = this.#bases.get(key);
    if (!base) return null;
    const last = num(wire.ld, 'ld');
    const time = num(wire.t, 't');
    if (Math.floor(time / DAY_MS) !== Math.floor(base.time / DAY_MS)) return null;
    return {
      o: missing(wire.o) ? base.open : num(wire.o, 'o'),
      h: missing(wire.h) ? Math.max(base.high, last) : num(wire.h, 'h'),
      l: missing(wire.l) ? Math.min(base.low, last) : num(wire.l, 'l'),
    };
  }
}
