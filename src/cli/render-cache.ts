/**
 * Tables of `marketdesk cache stats` and `cache prune`.
 */
import type { CacheStats, PruneResult, SourceRows, StoredSeries, TimeSpan } from '../core/cache';
import { KTYPES } from '../shared/model';
import { formatBytes, formatSize } from '../shared/format/numbers';
import { formatTime, renderTable, type Column } from './output';
import { fieldsTable } from './render-market';

/** 1536 → "1.5 KiB" (shared/format's, the app's too). */
export { formatBytes };

const spanText = (s: TimeSpan): string =>
  s.oldest === null ? '-' : `${formatTime(s.oldest)} … ${formatTime(s.newest)}`;

/** The statistics, the rows of each source, then one row per cached series. */
export function cacheTables(s: CacheStats, series: StoredSeries[], tty: boolean): string {
  const summary = fieldsTable(
    [
      ['file', s.path],
      ['schema version', String(s.schemaVersion)],
      ['file size', `${formatBytes(s.fileBytes)} (wal ${formatBytes(s.walBytes)})`],
      ['in use', formatBytes(s.usedBytes)],
      ['series', `${formatSize(s.rows.series)} (${formatSize(s.seriesWithCandles)} with candles)`],
      ['candles', formatSize(s.rows.candles)],
      ['news items', formatSize(s.rows.newsItems)],
      ['news pages', formatSize(s.rows.newsPages)],
      ['snapshots', formatSize(s.rows.snapshots)],
      ['candle times', spanText(s.candles)],
      ['news times', spanText(s.news)],
      ['snapshot times', spanText(s.snapshots)],
    ],
    tty,
  );
  if (s.sources.length === 0) return summary;
  const count = (value: (r: SourceRows) => number): Column<SourceRows>['value'] => {
    return (r) => formatSize(value(r));
  };
  const bySource = renderTable(
    s.sources,
    [
      { header: 'SOURCE', value: (r) => r.source },
      { header: 'SERIES', align: 'right', value: count((r) => r.series) },
      { header: 'CANDLES', align: 'right', value: count((r) => r.candles) },
      { header: 'NEWS', align: 'right', value: count((r) => r.newsItems) },
      { header: 'PAGES', align: 'right', value: count((r) => r.newsPages) },
      { header: 'SNAPSHOTS', align: 'right', value: count((r) => r.snapshots) },
    ],
    tty,
  );
  if (series.length === 0) return `${summary}\n${bySource}`;
  const columns: Column<StoredSeries>[] = [
    { header: 'SOURCE', value: (r) => r.source },
    { header: 'CLASS', value: (r) => r.series.class },
    { header: 'REGION', value: (r) => r.series.region },
    { header: 'EXCHANGE', value: (r) => r.series.exchange || '-' },
    { header: 'CODE', value: (r) => r.series.code },
    { header: 'KTYPE', value: (r) => KTYPES[r.series.kType].label },
    { header: 'CANDLES', align: 'right', value: (r) => formatSize(r.candles) },
    { header: 'REFRESHED', value: (r) => formatTime(r.refreshedAt) },
  ];
  return `${summary}\n${bySource}\n${renderTable(series, columns, tty)}`;
}

/** What prune deleted and what is left. */
export function pruneTable(r: PruneResult, tty: boolean): string {
  return fieldsTable(
    [
      ['budget', formatBytes(r.budgetBytes)],
      ['in use before', formatBytes(r.usedBytesBefore)],
      ['in use after', formatBytes(r.usedBytesAfter)],
      ['file size after', formatBytes(r.fileBytesAfter)],
      ['unknown-origin rows deleted', formatSize(r.deleted.unknownSource)],
      ['intraday candles deleted', formatSize(r.deleted.intradayCandles)],
      ['news items deleted', formatSize(r.deleted.newsItems)],
      ['daily+ candles deleted', formatSize(r.deleted.dailyCandles)],
    ],
    tty,
  );
}
