/**
 * What the service changed of a bar the stream built, in words for the chart's status
 * (stream-candles.ts: at a bar's close, REST's bar wins). Pure.
 */
import type { Candle } from '../../shared/model';

const FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;

/**
 * "The service corrected the 14:05 UTC bar: high 101.3 (streamed 101.2)." — or null
 * when the two bars agree on every field.
 */
export function formatCorrection(built: Candle, rest: Candle): string | null {
  const changes = FIELDS.filter((f) => built[f] !== rest[f]).map(
    (f) => `${f} ${rest[f]} (streamed ${built[f]})`,
  );
  if (changes.length === 0) return null;
  const when = new Date(rest.time).toISOString().slice(0, 16).replace('T', ' ');
  return `The service corrected the ${when} UTC bar: ${changes.join(', ')}.`;
}
