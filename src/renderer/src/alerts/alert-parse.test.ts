import { describe, expect, it } from 'vitest';
import { parseAlertCommand } from './alert-parse';

const AAPL = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };

describe('parseAlertCommand', () => {
  it('is not an alert without the word alert', () => {
    expect(parseAlertCommand('AAPL US > 230')).toBeNull();
    expect(parseAlertCommand('alerts')).toBeNull();
  });

  it('reads above, below and crosses, with or without spaces around the operator', () => {
    expect(parseAlertCommand('alert AAPL US > 230')).toEqual({
      ok: true,
      draft: { instrument: AAPL, condition: { kind: 'above', price: 230 }, repeat: 'once' },
      regionGuessed: false,
    });
    expect(parseAlertCommand('alert aapl us <231.40')).toMatchObject({
      draft: { instrument: AAPL, condition: { kind: 'below', price: 231.4 } },
    });
    expect(parseAlertCommand('Alert BTCUSDT BA crosses 90,000')).toMatchObject({
      draft: { instrument: BTC, condition: { kind: 'crosses', price: 90_000 } },
    });
    expect(parseAlertCommand('alert 00700 HK above 380 every')).toMatchObject({
      draft: {
        instrument: { region: 'HK', code: '700' },
        condition: { kind: 'above', price: 380 },
        repeat: 'every',
      },
    });
  });

  it('reads a percent move and its window (5 minutes when none is typed)', () => {
    expect(parseAlertCommand('alert AAPL US move 2% 5m')).toMatchObject({
      draft: { condition: { kind: 'move', percent: 2, windowMs: 300_000 } },
    });
    expect(parseAlertCommand('alert btc move 0.5 30s every')).toMatchObject({
      draft: {
        instrument: BTC,
        condition: { kind: 'move', percent: 0.5, windowMs: 30_000 },
        repeat: 'every',
      },
      regionGuessed: true,
    });
    expect(parseAlertCommand('alert AAPL US move 3%')).toMatchObject({
      draft: { condition: { kind: 'move', percent: 3, windowMs: 300_000 } },
    });
  });

  it('says what is missing or wrong while an alert is typed', () => {
    expect(parseAlertCommand('alert')).toEqual({
      ok: false,
      problem: 'Type a symbol, then a condition.',
    });
    expect(parseAlertCommand('alert AAPL US')).toMatchObject({
      ok: false,
      problem: /Type a condition/,
    });
    expect(parseAlertCommand('alert AAPL US >')).toMatchObject({
      ok: false,
      problem: /Type the price/,
    });
    expect(parseAlertCommand('alert AAPL US > -5')).toMatchObject({
      ok: false,
      problem: /Type the price/,
    });
    expect(parseAlertCommand('alert AAPL US > 230 soon')).toMatchObject({
      ok: false,
      problem: '"soon" is not understood.',
    });
    expect(parseAlertCommand('alert AAPL US move 200% 5m')).toMatchObject({
      ok: false,
      problem: /in percent/,
    });
    expect(parseAlertCommand('alert AAPL US move 2% 2d')).toMatchObject({
      ok: false,
      problem: /window/,
    });
    expect(parseAlertCommand('alert tencent > 5')).toMatchObject({
      ok: false,
      problem: /"tencent" is not a symbol/,
    });
    expect(parseAlertCommand('alert AAPL US chart > 5')).toMatchObject({
      ok: false,
      problem: /not a symbol/,
    });
  });
});
