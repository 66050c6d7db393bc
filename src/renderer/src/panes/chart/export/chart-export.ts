/**
 * "Export CSV": the chart's candles as loaded (the series the chart holds, oldest
 * first) saved as CSV — through the save dialog where the shell has one (Electron),
 * else downloaded by the page (the browser host answers `download`).
 */
import type { MarketdeskBridge } from '../../../../../shared/bridge';
import { candlesCsv } from '../../../../../shared/candle-csv';
import { errorMessage } from '../../../../../shared/errors';
import { KTYPES, type Candle, type SeriesKey } from '../../../../../shared/model';

/** "AAPL-US-1d.csv": what the save dialog suggests (file-name safe). */
export function csvFileName(series: SeriesKey): string {
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
  const parts = [series.code, series.region, series.exchange, KTYPES[series.kType].label];
  return `${parts.filter(Boolean).map(safe).join('-')}.csv`;
}

/** Lets the page download `text` as a file (a Blob behind an `<a download>`). */
export function downloadText(name: string, text: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  doc.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    // After the click has handed the file over; revoking at once can cancel it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Saves `candles` of `series` as CSV; answers the sentence the chart shows after it
 * ("Saved 500 candles to …", "Export cancelled", or why it failed).
 */
export async function exportChartCsv(
  bridge: MarketdeskBridge,
  series: SeriesKey,
  candles: readonly Candle[],
  download: (name: string, text: string) => void = downloadText,
): Promise<string> {
  if (candles.length === 0) return 'No candles to export.';
  const name = csvFileName(series);
  const count = `${candles.length.toLocaleString('en-US')} candle${candles.length === 1 ? '' : 's'}`;
  try {
    const text = candlesCsv(candles);
    const answer = await bridge.invoke('saveFile', { name, text });
    if (answer.outcome === 'cancelled') return 'Export cancelled.';
    if (answer.outcome === 'saved') return `Saved ${count} to ${answer.path}.`;
    download(name, text);
    return `Downloaded ${count} as ${name}.`;
  } catch (error) {
    return `Export failed: ${errorMessage(error)}`;
  }
}
