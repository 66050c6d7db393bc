/**
 * Recorded records back in the service's wire shapes (`shared/api/wire.ts`), for the
 * replay's loopback service: the client reads them as it reads the service's, so what a
 * pane shows in a replay went through the same normalisers as live data.
 */
import type {
  WireDepth,
  WireDepthLevel,
  WireKline,
  WireQuote,
  WireTick,
} from '../../shared/api/wire';
import type { Candle, DepthBook, DepthLevel, Quote, Tick } from '../../shared/model';

/** A quote; crypto's (no previous close) without `p`, `ch`, `chp`, as the service sends it. */
export function wireQuote(q: Quote): Partial<WireQuote> {
  const base = {
    s: q.symbol,
    ld: q.last,
    o: q.open,
    h: q.high,
    l: q.low,
    t: q.time,
    v: q.volume,
    tu: q.turnover,
    ts: q.status,
  };
  if (q.prevClose === null) return base;
  // A change the client could not compute (a previous close of 0) is left for it to leave out again.
  return {
    ...base,
    p: q.prevClose,
    ...(q.change === null ? {} : { ch: q.change }),
    ...(q.changePercent === null ? {} : { chp: q.changePercent }),
  };
}

function wireLevel(l: DepthLevel): WireDepthLevel {
  // An empty level is priced 0 on the wire: the client reads 0 as empty for every class.
  return { po: l.level, p: l.price ?? 0, v: l.volume, o: l.orders };
}

export function wireDepth(b: DepthBook): WireDepth {
  return { s: b.symbol, a: b.asks.map(wireLevel), b: b.bids.map(wireLevel) };
}

export function wireTick(t: Tick): WireTick {
  return { s: t.symbol, ld: t.last, t: t.time, v: t.volume, tu: t.turnover, ts: t.status };
}

export function wireKline(c: Candle): WireKline {
  return { t: c.time, o: c.open, h: c.high, l: c.low, c: c.close, v: c.volume, tu: c.turnover };
}
