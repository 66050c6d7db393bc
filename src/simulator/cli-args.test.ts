import { describe, expect, it } from 'vitest';
import { parseSimulatorArgs } from './cli-args';

describe('parseSimulatorArgs', () => {
  it('gives no options for no arguments (defaults live in startSimulator)', () => {
    expect(parseSimulatorArgs([])).toEqual({});
  });

  it('parses every option', () => {
    expect(
      parseSimulatorArgs([
        '--port',
        '8080',
        '--host',
        '0.0.0.0',
        '--seed',
        '42',
        '--token',
        'secret',
        '--plan',
        'enterprise:200',
        '--deny-markets',
        'stock:JP,future:CN',
        '--latency',
        '50',
        '--jitter',
        '10',
        '--error-rate',
        '0.1',
        '--malformed-rate',
        '0.05',
        '--rate-limit',
        '300/min',
        '--fault-seed',
        '9',
      ]),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      seed: 42,
      token: 'secret',
      plan: { name: 'enterprise', maxCodes: 200 },
      deniedMarkets: ['stock:JP', 'future:CN'],
      faults: {
        latencyMs: 50,
        jitterMs: 10,
        errorRate: 0.1,
        malformedRate: 0.05,
        rateLimit: { requests: 300, windowMs: 60_000 },
        seed: 9,
      },
    });
  });

  it('parses the stream options', () => {
    expect(
      parseSimulatorArgs([
        '--stream-limit',
        '12',
        '--stream-down',
        '--stream-drop-rate',
        '0.01',
        '--stream-stall-rate',
        '0.02',
        '--stream-stall-ms',
        '45000',
        '--stream-malformed-rate',
        '0.03',
        '--pong-delay',
        '40000',
      ]),
    ).toEqual({
      streamLimit: 12,
      streamFaults: {
        down: true,
        dropRate: 0.01,
        stallRate: 0.02,
        stallMs: 45_000,
        malformedRate: 0.03,
        pongDelayMs: 40_000,
      },
    });
  });

  it('recognises --help', () => {
    expect(parseSimulatorArgs(['--help'])).toBe('help');
  });

  it('rejects bad values and unknown options', () => {
    for (const argv of [
      ['--port', 'x'],
      ['--port', '70000'],
      ['--seed', '1.5'],
      ['--plan', 'gold'],
      ['--plan', 'base:5'],
      ['--rate-limit', 'lots'],
      ['--error-rate', '2'],
      ['--stream-limit', '0'],
      ['--stream-limit', '2.5'],
      ['--stream-drop-rate', '1.1'],
      ['--pong-delay', '-5'],
      ['--bogus'],
    ]) {
      expect(() => parseSimulatorArgs(argv), argv.join(' ')).toThrow();
    }
  });
});
