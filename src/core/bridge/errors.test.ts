import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../../shared/bridge';
import { TokenError } from '../link';
import { redactSecrets } from '../redact';
import { redactEvent, toBridgeError } from './errors';

const redact = (text: string) => redactSecrets(text, ['SECRET']);

describe('redactEvent', () => {
  it('scrubs a subscription state message and a candle page error', () => {
    const status: BridgeEventMessage = {
      event: 'subscriptionStatus',
      payload: { subscriptionId: 's', state: 'error', asOf: null, message: 'for SECRET.' },
    };
    expect(redactEvent(status, redact).payload).toMatchObject({ message: 'for [redacted].' });
    const series = { class: 'stock', region: 'US', exchange: '', code: 'A', kType: 8 } as const;
    const candles: BridgeEventMessage = {
      event: 'candles',
      payload: {
        subscriptionId: null,
        page: {
          series,
          candles: [],
          atHistoryStart: false,
          offline: false,
          asOf: null,
          refreshing: false,
          error: 'SECRET!',
        },
      },
    };
    expect(redactEvent(candles, redact).payload).toMatchObject({ page: { error: '[redacted]!' } });
  });

  it('passes market data and wordless events through as they are, uncopied', () => {
    const quotes: BridgeEventMessage = {
      event: 'quotes',
      payload: { subscriptionId: 's', quotes: {} },
    };
    expect(redactEvent(quotes, redact)).toBe(quotes);
    const quiet: BridgeEventMessage = {
      event: 'subscriptionStatus',
      payload: { subscriptionId: 's', state: 'live', asOf: 1 },
    };
    expect(redactEvent(quiet, redact)).toBe(quiet);
  });
});

describe('toBridgeError', () => {
  it('scrubs with the one mask, whole values only', () => {
    expect(toBridgeError('getInfo', new Error('SECRET SECRETS'), redact)).toEqual({
      code: 'internal',
      message: 'getInfo failed: [redacted] SECRETS',
    });
  });

  it('answers a refused token operation with the code the user has always seen', () => {
    const cases = [
      [new TokenError('invalid', 'The token is empty.'), 'bad-argument'],
      [new TokenError('failed', 'The keychain is locked.'), 'storage'],
      [new TokenError('environment-override', 'MARKETDESK_TOKEN is set.'), 'forbidden'],
    ] as const;
    for (const [error, code] of cases) {
      expect(toBridgeError('setToken', error, redact)).toEqual({ code, message: error.message });
    }
  });
});
