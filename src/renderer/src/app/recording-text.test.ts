import { describe, expect, it } from 'vitest';
import type { RecordingStatus } from '../../../shared/model';
import { describeRecording, sizeText, spanText } from './recording-text';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
const ETH = { ...BTC, code: 'ETHUSDT' };

const status = (over: Partial<RecordingStatus> = {}): RecordingStatus => ({
  source: 'demo',
  state: 'recording',
  problem: null,
  setAside: null,
  usedBytes: 12 * 1024 * 1024,
  budgetBytes: 1024 ** 3,
  recordedMs: 2 * 3_600_000 + 5 * 60_000,
  bytesPerHour: 3 * 1024 * 1024,
  framesWritten: 12_345,
  lastWriteAt: 1,
  symbols: [
    { instrument: BTC, channels: ['quote', 'depth'], recorded: true },
    { instrument: ETH, channels: ['tick'], recorded: false },
  ],
  ...over,
});

describe('recording text', () => {
  it('says what is recorded, and what is switched off', () => {
    expect(describeRecording(status())).toMatchObject({
      word: 'REC',
      tone: 'ok',
      state:
        'Recording 1 symbol the workspace shows (1 switched off); 12,345 frames written this run.',
    });
  });

  it('is honest about paused, off, failing and unavailable', () => {
    const off = status({ symbols: status().symbols.map((s) => ({ ...s, recorded: false })) });
    expect(describeRecording({ ...off, state: 'idle' })).toMatchObject({
      word: 'REC paused',
      state: 'Paused: every symbol shown (2) is switched off.',
    });
    expect(describeRecording(status({ state: 'idle', symbols: [] })).state).toMatch(
      /^Nothing to record/,
    );
    expect(describeRecording(status({ state: 'off' })).word).toBe('REC off');
    expect(
      describeRecording(status({ state: 'failing', problem: 'database or disk is full' })),
    ).toMatchObject({ word: 'REC ⚠', tone: 'bad', state: expect.stringContaining('disk is full') });
    expect(describeRecording(status({ state: 'unavailable', problem: 'newer app' })).state).toBe(
      'Nothing is recorded for demo: its recording could not be opened (newer app).',
    );
  });

  it('says recording is paused during a replay, but never hides a failure', () => {
    expect(describeRecording(status(), true)).toMatchObject({
      word: 'REC paused',
      tone: 'muted',
      state: expect.stringMatching(/^Paused during the replay/),
    });
    expect(describeRecording(status({ state: 'failing', problem: 'disk full' }), true).word).toBe(
      'REC ⚠',
    );
    expect(describeRecording(status({ state: 'off' }), true).word).toBe('REC off');
  });

  it('says nothing arrives to record while offline or the token is refused', () => {
    expect(describeRecording(status(), false, 'offline')).toMatchObject({
      word: 'REC waiting',
      tone: 'warn',
      state:
        'Nothing arrives to record: the data service cannot be reached. Recording goes on ' +
        'for the 1 symbol the workspace shows once data comes; 12,345 frames written this run.',
    });
    expect(describeRecording(status(), false, 'token-rejected').state).toMatch(
      /^Nothing arrives to record: the service refused the token\./,
    );
    // Live, degraded or rate limited, data still arrives: recording.
    for (const health of ['live', 'degraded', 'rate-limited', 'connecting'] as const)
      expect(describeRecording(status(), false, health).word).toBe('REC');
    // A failure or a replay says so first.
    expect(describeRecording(status({ state: 'failing' }), false, 'offline').word).toBe('REC ⚠');
    expect(describeRecording(status(), true, 'offline').word).toBe('REC paused');
  });

  it('gives the size, and the hours the budget holds only at a measured pace', () => {
    expect(sizeText(status())).toBe(
      "12.0 MiB of 1.0 GiB used (demo); at this workspace's pace (3.0 MiB an hour, measured over 2 h 05 min recorded) it holds about 341 h.",
    );
    expect(sizeText(status(), 128 * 1024 * 1024)).toMatch(/of 128\.0 MiB used.*about 43 h\.$/);
    expect(sizeText(status({ bytesPerHour: null }))).toBe(
      '12.0 MiB of 1.0 GiB used (demo); how long the budget lasts is known after a minute of recording.',
    );
    expect(sizeText(status({ usedBytes: null }))).toBe('Budget 1.0 GiB per data source.');
    expect(spanText(45_000)).toBe('45 s');
    expect(spanText(12 * 60_000)).toBe('12 min');
  });
});
