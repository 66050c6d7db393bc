import { describe, expect, it } from 'vitest';
import type { RecordingStatus } from '../../../shared/model';
import { flush, ManualTimers } from '../../../shared/testing/manual-timers';
import { FakeBridge } from '../base/testing/fake-bridge';
import { describeRecording } from './recording-text';
import {
  RECORDING_EMPTY_REFRESH_MS,
  RECORDING_REFRESH_MS,
  RecordingState,
} from './recording-state.svelte';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;

/** The main side's answer: idle while no pane has subscribed yet, then recording BTC. */
function status(shown: boolean): RecordingStatus {
  return {
    source: 'demo',
    state: shown ? 'recording' : 'idle',
    problem: null,
    setAside: null,
    usedBytes: 0,
    budgetBytes: 1024 ** 3,
    recordedMs: 0,
    bytesPerHour: null,
    framesWritten: 0,
    lastWriteAt: null,
    symbols: shown ? [{ instrument: BTC, channels: ['depth'], recorded: true }] : [],
  };
}

function setup() {
  const bridge = new FakeBridge();
  const timers = new ManualTimers();
  let asked = 0;
  let shown = false;
  bridge.handlers.getRecording = async () => (asked++, status(shown));
  const recording = new RecordingState(bridge, timers);
  return {
    bridge,
    timers,
    recording,
    asked: () => asked,
    subscribe: () => (shown = true),
  };
}

describe('RecordingState', () => {
  it('asks again within a second while nothing shown is listed, then every refresh', async () => {
    const { timers, recording, asked, subscribe } = setup();
    recording.start();
    await flush();
    expect(asked()).toBe(1);
    // A window just opened: the panes have not subscribed yet.
    expect(describeRecording(recording.status!).word).toBe('REC paused');
    subscribe();
    await timers.advance(RECORDING_EMPTY_REFRESH_MS);
    await flush();
    expect(asked()).toBe(2);
    expect(describeRecording(recording.status!).word).toBe('REC');
    // Something listed: the usual pace.
    await timers.advance(RECORDING_REFRESH_MS - 1);
    await flush();
    expect(asked()).toBe(2);
    await timers.advance(1);
    await flush();
    expect(asked()).toBe(3);
  });

  it('stopped, asks nothing more and leaves no timer behind; started twice, one chain', async () => {
    const { timers, recording, asked } = setup();
    recording.start();
    recording.start();
    await flush();
    expect(asked()).toBe(1);
    await timers.advance(RECORDING_EMPTY_REFRESH_MS);
    await flush();
    expect(asked()).toBe(2);
    recording.stop();
    expect(timers.pending).toBe(0);
    await timers.advance(RECORDING_REFRESH_MS * 3);
    await flush();
    expect(asked()).toBe(2);
  });

  it('a failed ask is said, and asked again at the usual pace', async () => {
    const { bridge, timers, recording } = setup();
    bridge.handlers.getRecording = () => Promise.reject(new Error('the main side is busy'));
    recording.start();
    await flush();
    expect(recording.error).toContain('the main side is busy');
    await timers.advance(RECORDING_REFRESH_MS);
    await flush();
    expect(recording.error).toContain('the main side is busy');
    // Still asking, one timer at a time.
    expect(timers.pending).toBe(1);
  });
});
