/**
 * One stream endpoint's subscriptions and pushes: a channel per symbol that at least
 * one connection subscribes to, holding its readers per type, its trade schedule and
 * the last record it pushed per type.
 *
 * Pushes come from the same market model REST answers from, read at the moment of the
 * push: a pushed record is what `/stock/quotes` (or the depth and tick operations)
 * answers at that moment, except that `s` is the stream's `CODE.REGION` form. On each
 * trade of its schedule a channel reads the records its readers want and pushes those
 * that changed since its last push; a closed market does not change, so it pushes
 * nothing. A channel takes its baseline when a type gains its first reader and pushes
 * no snapshot: a client takes its first snapshot from REST (docs/streaming.md documents no
 * snapshot on subscribe).
 */
import { streamSymbol, type StreamType } from '../../shared/api/stream';
import { canonicalCode, type AssetClass } from '../../shared/model';
import type { MarketModel } from '../market-model';
import { TradeSchedule } from './activity';
import { replies } from './protocol';

/** Missed trades a late pump still pushes one by one (a longer stall pushes the latest). */
export const CATCH_UP_TRADES = 5;

/** Where a channel's pushes go. */
export interface Reader {
  push(frame: string): void;
}

interface Channel {
  code: string;
  region: string;
  /** The push's `s`. */
  s: string;
  schedule: TradeSchedule;
  /** The next trade instant (Unix ms). */
  nextAt: number;
  readers: Map<StreamType, Set<Reader>>;
  /** JSON of the last record pushed (or the baseline) per type with readers. */
  last: Map<StreamType, string>;
}

/** A symbol of a subscription, resolved: the channel key and its canonical parts. */
export interface ResolvedSymbol {
  key: string;
  code: string;
  region: string;
}

export interface ChannelOptions {
  cls: AssetClass;
  market: MarketModel;
  seed: number;
  now: () => number;
  /** True for a market outside the plan (`class:REGION` denied): treated as unknown. */
  denied: (region: string) => boolean;
  /** Told when a channel opens (the pump may need to run sooner). */
  opened: () => void;
}

/** The channels of one endpoint (one asset class). */
export class StreamChannels {
  readonly #o: ChannelOptions;
  readonly #channels = new Map<string, Channel>();
  /** Pushes sent (frames × readers). */
  pushes = 0;

  constructor(options: ChannelOptions) {
    this.#o = options;
  }

  get cls(): AssetClass {
    return this.#o.cls;
  }

  /** Symbols with at least one reader. */
  get size(): number {
    return this.#channels.size;
  }

  /**
   * The channel key of a listed symbol, or null for a product the market does not list
   * (or a market outside the plan): REST answers those a null entry, the stream skips them.
   */
  resolve(code: string, region: string): ResolvedSymbol | null {
    if (this.#o.denied(region)) return null;
    const canonical = canonicalCode(region, code);
    if (this.#o.market.quote(this.#o.cls, region, '', canonical) === null) return null;
    return { key: streamSymbol(canonical, region), code: canonical, region };
  }

  /** Which types this class can push: ticks only where REST serves them (crypto). */
  carries(type: StreamType): boolean {
    return type !== 'tick' || this.#o.cls === 'crypto';
  }

  add(symbol: ResolvedSymbol, type: StreamType, reader: Reader): void {
    if (!this.carries(type)) return;
    let channel = this.#channels.get(symbol.key);
    if (!channel) {
      const schedule = new TradeSchedule(this.#o.seed, this.#o.cls, symbol.region, symbol.code);
      channel = {
        code: symbol.code,
        region: symbol.region,
        s: `${symbol.code}.${symbol.region}`,
        schedule,
        nextAt: schedule.nextAfter(this.#o.now()),
        readers: new Map(),
        last: new Map(),
      };
      this.#channels.set(symbol.key, channel);
      this.#o.opened();
    }
    let readers = channel.readers.get(type);
    if (!readers) {
      readers = new Set();
      channel.readers.set(type, readers);
      const record = this.#record(channel, type, this.#o.now());
      if (record !== null) channel.last.set(type, JSON.stringify(record));
    }
    readers.add(reader);
  }

  remove(key: string, type: StreamType, reader: Reader): void {
    const channel = this.#channels.get(key);
    const readers = channel?.readers.get(type);
    if (!channel || !readers) return;
    readers.delete(reader);
    if (readers.size > 0) return;
    channel.readers.delete(type);
    channel.last.delete(type);
    if (channel.readers.size === 0) this.#channels.delete(key);
  }

  /** The earliest trade instant of any channel, or null when there are none. */
  nextDue(): number | null {
    let next: number | null = null;
    for (const c of this.#channels.values()) if (next === null || c.nextAt < next) next = c.nextAt;
    return next;
  }

  /**
   * Pushes what changed on every channel whose trade is due at `now`. A pump that runs
   * late (its gap, a busy event loop) pushes each trade it missed as the market stood at
   * that trade, so no second the service's candles count goes unpushed; a stall longer
   * than CATCH_UP_TRADES trades pushes the latest state once.
   */
  pump(now: number): void {
    for (const channel of this.#channels.values()) {
      for (let n = 0; channel.nextAt <= now; n++) {
        const at = n < CATCH_UP_TRADES ? channel.nextAt : now;
        channel.nextAt = channel.schedule.nextAfter(at);
        this.#push(channel, at);
      }
    }
  }

  #push(channel: Channel, at: number): void {
    for (const [type, readers] of channel.readers) {
      const record = this.#record(channel, type, at);
      if (record === null) continue;
      const json = JSON.stringify(record);
      if (json === channel.last.get(type)) continue;
      channel.last.set(type, json);
      const frame = replies.push(record, channel.s, type);
      // A reader may leave while being pushed to (a drop fault): iterate a copy.
      for (const reader of [...readers]) {
        this.pushes++;
        reader.push(frame);
      }
    }
  }

  #record(channel: Channel, type: StreamType, at: number): object | null {
    const { market, cls } = this.#o;
    switch (type) {
      case 'quote':
        return market.quote(cls, channel.region, '', channel.code, at);
      case 'depth':
        return market.depth(cls, channel.region, '', channel.code, at);
      case 'tick':
        return cls === 'crypto' ? market.tick(channel.region, channel.code, at) : null;
    }
  }
}
