/**
 * "Export CSV": the chart's candles as loaded (the series the chart holds, oldest
 * first) saved as CSV by the app's one `saveFile` (a save dialog in Electron, a
 * download in the browser host).
 */
import type { MarketdeskBridge } from '../../../../../shared/bridge';
import { saveFile } from '../../../base/save-file';
import { candlesCsv } from '../../../../../shared/candle-csv';
import { errorMessage } from '../../../../../shared/errors';
import { KTYPES, type Candle, type SeriesKey } from '../../../../../shared/model';

/** "AAPL-US-1d.csv": what the save dialog suggests (file-name safe). */
export function csvFileName(series: SeriesKey): string {
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
  const parts = [series.code, series.region, series.exchange, KTYPES[series.kType].label];
  return `${parts.filter(Boolean).map(safe).join('-')}.csv`;
}

/**
 * Saves `candles` of `series` as CSV; answers the sentence the chart shows after it
 * ("Saved 500 candles to …", "Export cancelled", or why it failed).
 */
export async function exportChartCsv(
  bridge: MarketdeskBridge,
  series: SeriesKey,
  candles: readonly Candle[],
  save: typeof saveFile = saveFile,
): Promise<string> {
  if (candles.length === 0) return 'No candles to export.';
  const name = csvFileName(series);
  const count = `${candles.length.toLocaleString('en-US')} candle${candles.length === 1 ? '' : 's'}`;
  try {
    const text = candlesCsv(candles);
    const answer = await save(bridge, { name, type: 'text/csv', text });
    if (answer.download) return `Downloaded ${count} as ${name}.`;
    return answer.path === null ? 'Export cancelled.' : `Saved ${count} to ${answer.path}.`;
  } catch (error) {
    return `Export failed: ${errorMessage(error)}`;
  }
}
