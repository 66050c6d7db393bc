import { describe, expect, it } from 'vitest';
import type { SaveFileAnswer, SaveFileRequest } from '../../../../../shared/bridge';
import { FakeBridge } from '../../../base/testing/fake-bridge';
import { bars, series } from '../test-candles';
import { csvFileName, exportChartCsv } from './chart-export';

/** A save that answers `answer` (or throws it) and records what it was given. */
function saving(answer: SaveFileAnswer | Error) {
  const saved: SaveFileRequest[] = [];
  const save = async (_bridge: unknown, request: SaveFileRequest) => {
    saved.push(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { saved, save };
}

describe('chart CSV export', () => {
  it('names the file after the series', () => {
    expect(csvFileName(series)).toBe('BTCUSDT-BA-1m.csv');
    expect(csvFileName({ ...series, code: 'EUR/USD', kType: 8 })).toMatch(/^EUR_USD-BA-\w+\.csv$/);
  });

  it('downloads in the page when the host says so, the candles as loaded', async () => {
    const { saved, save } = saving({ path: null, download: true });
    const text = await exportChartCsv(new FakeBridge(), series, bars(0, 3), save);
    expect(text).toBe('Downloaded 3 candles as BTCUSDT-BA-1m.csv.');
    expect(saved[0]).toMatchObject({ name: 'BTCUSDT-BA-1m.csv', type: 'text/csv' });
    expect(saved[0]!.text.split('\n')).toEqual([
      'time,iso_time,open,high,low,close,volume,turnover',
      '0,1970-01-01T00:00:00.000Z,100,100,100,100,1,1',
      '60000,1970-01-01T00:01:00.000Z,101,101,101,101,1,1',
      '120000,1970-01-01T00:02:00.000Z,102,102,102,102,1,1',
      '',
    ]);
  });

  it('says where the shell saved it, that it was cancelled, or why it failed', async () => {
    const bridge = new FakeBridge();
    const one = bars(0, 1);
    const ask = (answer: SaveFileAnswer | Error) =>
      exportChartCsv(bridge, series, one, saving(answer).save);
    expect(await ask({ path: '/tmp/x.csv', download: false })).toBe(
      'Saved 1 candle to /tmp/x.csv.',
    );
    expect(await ask({ path: null, download: false })).toBe('Export cancelled.');
    expect(await ask(new Error('disk full'))).toBe('Export failed: disk full');
    expect(await exportChartCsv(bridge, series, [], saving(new Error('unused')).save)).toBe(
      'No candles to export.',
    );
  });
});
