/**
 * What one connection should hold and what it holds: the wanted symbols in the caller's
 * priority order, the first `limit` of them admitted (the rest left to REST), the
 * subscriptions the service acknowledged, and the requests in flight. The service
 * answers requests in order and without ids, so answers are matched first in, first out.
 * Pure bookkeeping: the client sends what `plan()` returns and reports what answers.
 */
import { streamSymbol, type StreamType } from '../../shared/api/stream';
import { canonicalCode, canonicalRegion } from '../../shared/model';
import type { HeldSymbol } from './symbol-index';
import type { StreamWant } from './types';

/** A request to the service: `types` null means every type (unsubscribe only). */
export interface SubscriptionRequest {
  ac: 'subscribe' | 'unsubscribe';
  symbols: HeldSymbol[];
  types: StreamType[] | null;
}

interface Wanted {
  symbol: HeldSymbol;
  types: ReadonlySet<StreamType>;
}

type Holding = Map<string, Set<StreamType>>;

function apply(holding: Holding, request: SubscriptionRequest): void {
  for (const { key } of request.symbols) {
    if (request.ac === 'subscribe') {
      const have = holding.get(key) ?? new Set<StreamType>();
      for (const type of request.types ?? []) have.add(type);
      holding.set(key, have);
      continue;
    }
    const have = holding.get(key);
    if (!have) continue;
    for (const type of request.types ?? [...have]) have.delete(type);
    if (have.size === 0) holding.delete(key);
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class SubscriptionBook {
  readonly #limit: number;
  readonly #batchSize: number;
  /** The head of the wanted set: its first `limit` distinct symbols. */
  #wanted = new Map<string, Wanted>();
  /** Wanted past the head, as given: never subscribed on this connection. */
  #beyond: StreamWant[] = [];
  #acked: Holding = new Map();
  #inFlight: SubscriptionRequest[] = [];
  /** Symbols the service refused on this connection (over its limit, or unreadable to it). */
  readonly #refused = new Set<string>();
  /** False once the service answered an unsubscribe with "cannot be resolved action". */
  unsubscribeWorks = true;

  constructor(limit: number, batchSize: number) {
    this.#limit = Math.max(0, Math.floor(limit));
    this.#batchSize = Math.max(1, Math.floor(batchSize));
  }

  /**
   * Replaces the wanted set (priority order); a symbol given twice takes both's types.
   * Only the first `limit` distinct symbols can ever be subscribed (a refused one keeps
   * its slot), so only they are read; the rest are kept as given, for `overflow()`.
   * The feed wants 90,000 codes at most and asks again at every change: reading only
   * the head keeps each change, and each answer after it, in proportion to the limit.
   */
  setWanted(wants: Iterable<StreamWant>): void {
    const next = new Map<string, Wanted>();
    const beyond: StreamWant[] = [];
    for (const want of wants) {
      if (next.size >= this.#limit) {
        beyond.push(want);
        continue;
      }
      const region = canonicalRegion(want.region);
      const code = canonicalCode(region, want.code);
      const key = streamSymbol(code, region);
      const types = new Set<StreamType>(next.get(key)?.types);
      for (const type of want.types) types.add(type);
      if (types.size > 0) next.set(key, { symbol: { key, code, region }, types });
    }
    // Symbols leaving free the service's slots: those it refused may fit now.
    for (const key of this.#wanted.keys()) if (!next.has(key)) this.#refused.clear();
    this.#wanted = next;
    this.#beyond = beyond;
  }

  /** Symbols wanted (those past the head counted as given). */
  get wantedCount(): number {
    return this.#wanted.size + this.#beyond.length;
  }

  /** The wanted symbols this connection subscribes: the first `limit`, less those refused. */
  #admitted(): Map<string, Wanted> {
    const out = new Map<string, Wanted>();
    for (const [key, wanted] of this.#wanted) {
      if (out.size + this.#refused.size >= this.#limit) break;
      if (!this.#refused.has(key)) out.set(key, wanted);
    }
    return out;
  }

  /** What the service will hold once every request in flight is answered yes. */
  #projected(): Holding {
    const holding: Holding = new Map([...this.#acked].map(([k, v]) => [k, new Set(v)]));
    for (const request of this.#inFlight) apply(holding, request);
    return holding;
  }

  /** The requests that bring the service in line with the wanted set; they are now in flight. */
  plan(): SubscriptionRequest[] {
    const projected = this.#projected();
    const admitted = this.#admitted();
    const out: SubscriptionRequest[] = [];
    const byTypes = (ac: SubscriptionRequest['ac'], groups: Map<string, HeldSymbol[]>) => {
      for (const [types, symbols] of groups) {
        for (const part of chunks(symbols, this.#batchSize)) {
          out.push({
            ac,
            symbols: part,
            types: types === '*' ? null : (types.split(',') as StreamType[]),
          });
        }
      }
    };
    if (this.unsubscribeWorks) {
      const drop = new Map<string, HeldSymbol[]>();
      for (const [key, have] of projected) {
        const wanted = admitted.get(key);
        const extra = wanted ? [...have].filter((t) => !wanted.types.has(t)) : null;
        if (extra !== null && extra.length === 0) continue;
        const [code, region] = key.split('$') as [string, string];
        const group = extra === null ? '*' : extra.sort().join(',');
        drop.set(group, [...(drop.get(group) ?? []), { key, code, region }]);
      }
      byTypes('unsubscribe', drop);
    }
    const add = new Map<string, HeldSymbol[]>();
    for (const [key, wanted] of admitted) {
      const have = projected.get(key);
      const missing = [...wanted.types].filter((t) => !have?.has(t));
      if (missing.length === 0) continue;
      const group = missing.sort().join(',');
      add.set(group, [...(add.get(group) ?? []), wanted.symbol]);
    }
    byTypes('subscribe', add);
    this.#inFlight.push(...out);
    return out;
  }

  /**
   * The service answered the oldest request in flight; returns it. A refused subscribe's
   * symbols are refused for this connection; an unsubscribe the service cannot read turns
   * unsubscribing off (reconnecting with the smaller set is the portable way).
   */
  answered(ok: boolean): SubscriptionRequest | undefined {
    const request = this.#inFlight.shift();
    if (!request) return undefined;
    if (ok) apply(this.#acked, request);
    else if (request.ac === 'subscribe') for (const s of request.symbols) this.#refused.add(s.key);
    else this.unsubscribeWorks = false;
    return request;
  }

  /**
   * True when the service holds symbols no longer wanted that it cannot be told to drop,
   * and they keep wanted ones out: a fresh connection with the wanted set is due.
   */
  needsFreshConnection(): boolean {
    if (this.unsubscribeWorks) return false;
    const keys = new Set([...this.#projected().keys(), ...this.#admitted().keys()]);
    return keys.size > this.#limit;
  }

  /** A new connection: nothing held, nothing in flight, nothing refused. */
  reset(): void {
    this.#acked = new Map();
    this.#inFlight = [];
    this.#refused.clear();
  }

  /** Every symbol the service may push now: held, asked for, or in the wanted head. */
  symbols(): HeldSymbol[] {
    const out = new Map<string, HeldSymbol>();
    for (const w of this.#wanted.values()) out.set(w.symbol.key, w.symbol);
    for (const key of this.#projected().keys()) {
      if (out.has(key)) continue;
      const [code, region] = key.split('$') as [string, string];
      out.set(key, { key, code, region });
    }
    return [...out.values()];
  }

  /** Whether pushes of `type` for `key` are wanted (a push for a symbol being dropped is not). */
  wants(key: string, type: StreamType): boolean {
    return this.#wanted.get(key)?.types.has(type) ?? false;
  }

  /** Wanted symbols acknowledged by the service. */
  subscribed(): string[] {
    return [...this.#acked.keys()].filter((key) => this.#wanted.has(key));
  }

  /** Wanted symbols not subscribed on this connection: past the limit, or refused. */
  overflow(): string[] {
    const admitted = this.#admitted();
    const left = [...this.#wanted.keys()].filter((key) => !admitted.has(key));
    for (const want of this.#beyond) {
      const region = canonicalRegion(want.region);
      left.push(streamSymbol(canonicalCode(region, want.code), region));
    }
    return left;
  }

  /** How many symbols `overflow()` lists, without listing them. */
  overflowCount(): number {
    return this.#wanted.size - this.#admitted().size + this.#beyond.length;
  }
}
