/**
 * The page's side of the push → paint latency (price-paints.js), and matching its
 * paints with the simulator's quote pushes (stream-sim-child's `SentQuote`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SentQuote } from '../stream-sim-child';

/** For `page.addInitScript({ path: PRICE_PAINTS_SCRIPT })`. */
export const PRICE_PAINTS_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'price-paints.js',
);

/** One last-price cell painted: its row's key (`crypto:BA::BTCUSDT`), its text, `Date.now()`. */
export interface PricePaint {
  key: string;
  text: string;
  at: number;
}

const LOOK_BACK = 3;

/** The simulator's `s` (`BTCUSDT.BA`) of a quote board row's key (`class:REGION:exchange:CODE`). */
function symbolOfRow(key: string): string {
  const [, region, , code] = key.split(':');
  return `${code}.${region}`;
}

/**
 * Each paint's latency after the push it shows: the latest quote push of its symbol sent
 * before it (of the last `LOOK_BACK`) whose price reads as the painted text (to the
 * decimals shown). A paint no
 * push explains (a REST answer's) is left out; so is a push whose price equals the last
 * one shown (nothing changes on screen).
 */
export function paintLatencies(
  sent: readonly SentQuote[],
  paints: readonly PricePaint[],
): number[] {
  const bySymbol = new Map<string, SentQuote[]>();
  for (const q of sent) {
    const list = bySymbol.get(q.s);
    if (list) list.push(q);
    else bySymbol.set(q.s, [q]);
  }
  const out: number[] = [];
  for (const p of paints) {
    const text = p.text.replace(/,/g, '').trim();
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) continue;
    const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
    const tolerance = 0.5 * 10 ** -decimals + 1e-9;
    const pushes = bySymbol.get(symbolOfRow(p.key)) ?? [];
    // The newest push before the paint, or one of the few before it (a push sent just
    // before the paint may not be in it yet).
    let looked = 0;
    for (let i = pushes.length - 1; i >= 0 && looked < LOOK_BACK; i--) {
      const q = pushes[i]!;
      if (q.at > p.at) continue;
      looked++;
      if (Math.abs(q.ld - value) <= tolerance) {
        out.push(p.at - q.at);
        break;
      }
    }
  }
  return out;
}
