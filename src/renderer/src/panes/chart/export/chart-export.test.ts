import { describe, expect, it } from 'vitest';
import { FakeBridge } from '../../common/fake-bridge';
import { bars, series } from '../test-candles';
import { csvFileName, exportChartCsv } from './chart-export';

describe('chart CSV export', () => {
  it('names the file after the series', () => {
    expect(csvFileName(series)).toBe('BTCUSDT-BA-1m.csv');
    expect(csvFileName({ ...series, code: 'EUR/USD', kType: 8 })).toMatch(/^EUR_USD-BA-\w+\.csv$/);
  });

  it('downloads in the page when the host says so, the candles as loaded', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.saveFile = async () => ({ outcome: 'download' });
    const got: [string, string][] = [];
    const text = await exportChartCsv(bridge, series, bars(0, 3), (n, t) => got.push([n, t]));
    expect(text).toBe('Downloaded 3 candles as BTCUSDT-BA-1m.csv.');
    expect(got[0]![1].split('\n')).toEqual([
      'time,iso_time,open,high,low,close,volume,turnover',
      '0,1970-01-01T00:00:00.000Z,100,100,100,100,1,1',
      '60000,1970-01-01T00:01:00.000Z,101,101,101,101,1,1',
      '120000,1970-01-01T00:02:00.000Z,102,102,102,102,1,1',
      '',
    ]);
  });

  it('says where the shell saved it, that it was cancelled, or why it failed', async () => {
    const bridge = new FakeBridge();
    const none = () => {
      throw new Error('no download expected');
    };
    bridge.handlers.saveFile = async () => ({ outcome: 'saved', path: '/tmp/x.csv' });
    expect(await exportChartCsv(bridge, series, bars(0, 1), none)).toBe(
      'Saved 1 candle to /tmp/x.csv.',
    );
    bridge.handlers.saveFile = async () => ({ outcome: 'cancelled' });
    expect(await exportChartCsv(bridge, series, bars(0, 1), none)).toBe('Export cancelled.');
    bridge.handlers.saveFile = async () => {
      throw new Error('disk full');
    };
    expect(await exportChartCsv(bridge, series, bars(0, 1), none)).toBe('Export failed: disk full');
    expect(await exportChartCsv(bridge, series, [], none)).toBe('No candles to export.');
  });
});
