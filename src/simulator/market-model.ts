/**
 * What the server needs of a market: the methods of `SyntheticMarket`
 * (./market/synthetic-market), named here so a test can pass another model. Every
 * per-instrument method answers null for a product the market does not list: the
 * server answers "not found" (E001) for a single-symbol operation and a null entry in
 * a batch (see README.md).
 */
import type { SyntheticMarket } from './market/synthetic-market';

/** The market model's surface, fed validated input only: `SyntheticMarket`'s signatures. */
export type MarketModel = Pick<
  SyntheticMarket,
  'quote' | 'depth' | 'klines' | 'tick' | 'info' | 'news'
> &
  /** A model without news details answers every `/news/<id>` "not found". */
  Partial<Pick<SyntheticMarket, 'newsDetail'>>;
