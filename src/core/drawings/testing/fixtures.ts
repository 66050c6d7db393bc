/** Test support: an instrument and drawings the store's and the bridge's tests share. */
import type { Drawing, Instrument } from '../../../shared/model';

export const AAPL: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };

/** A two-point drawing: a trend line over a day. */
export const TREND: Drawing = {
  id: 't1',
  kind: 'trend',
  anchors: [
    { time: 1_700_000_000_000, price: 180 },
    { time: 1_700_086_400_000, price: 195.5 },
  ],
  color: '#ff9800',
  text: '',
};

/** A one-point drawing: a horizontal line at `price`. */
export const hline = (id: string, price = 190): Drawing => ({
  id,
  kind: 'hline',
  anchors: [{ time: 1_700_000_000_000, price }],
  color: '#2962ff',
  text: '',
});
