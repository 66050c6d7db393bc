import { describe, expect, it } from 'vitest';
import type { RecordedSymbol, RecordingStatus } from '../../../shared/model';
import { recordingSwitchItem } from './recording-palette';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
const AAPL = { class: 'stock', region: 'US', exchange: 'NASDAQ', code: 'AAPL' } as const;

const status = (over: Partial<RecordingStatus> = {}): RecordingStatus => ({
  source: 'demo',
  state: 'recording',
  problem: null,
  setAside: null,
  usedBytes: 1,
  budgetBytes: 2,
  recordedMs: 0,
  bytesPerHour: null,
  framesWritten: 0,
  lastWriteAt: null,
  symbols: [
    { instrument: BTC, channels: ['depth'], recorded: true },
    { instrument: AAPL, channels: ['quote'], recorded: false },
  ],
  ...over,
});

describe('the palette’s recording switch', () => {
  it('stops or resumes the focused symbol, as the REC popover’s checkbox does', () => {
    const calls: [string, boolean][] = [];
    const set = (s: RecordedSymbol, on: boolean) => calls.push([s.instrument.code, on]);
    const stop = recordingSwitchItem(status(), BTC, set)!;
    expect(stop.label).toBe('Stop recording BTCUSDT');
    void stop.run();
    const resume = recordingSwitchItem(status(), AAPL, set)!;
    expect(resume.label).toBe('Record AAPL again');
    void resume.run();
    expect(calls).toEqual([
      ['BTCUSDT', false],
      ['AAPL', true],
    ]);
  });

  it('is offered only for a symbol recorded, while recording is on and works', () => {
    const set = () => {};
    expect(recordingSwitchItem(status(), { ...BTC, code: 'ETHUSDT' }, set)).toBeNull();
    expect(recordingSwitchItem(status(), { ...AAPL, exchange: 'NYSE' }, set)).toBeNull();
    expect(recordingSwitchItem(status(), null, set)).toBeNull();
    expect(recordingSwitchItem(null, BTC, set)).toBeNull();
    expect(recordingSwitchItem(status({ state: 'off' }), BTC, set)).toBeNull();
    expect(recordingSwitchItem(status({ state: 'failing' }), BTC, set)).toBeNull();
    expect(recordingSwitchItem(status({ state: 'idle' }), BTC, set)?.label).toBe(
      'Stop recording BTCUSDT',
    );
  });
});
