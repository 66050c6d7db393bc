import { describe, expect, it } from 'vitest';
import { parseControlLine } from './control';

describe('control lines', () => {
  it('stream down / up keep the other stream faults', () => {
    const current = { dropRate: 0.1 };
    expect(parseControlLine('stream down', current)).toEqual({
      kind: 'stream-faults',
      faults: { dropRate: 0.1, down: true },
    });
    expect(parseControlLine('  stream up ', { down: true, pongDelayMs: 5 })).toEqual({
      kind: 'stream-faults',
      faults: { down: false, pongDelayMs: 5 },
    });
  });

  it('replace stream or REST faults with JSON', () => {
    expect(
      parseControlLine('stream faults {"stallRate":0.5,"stallMs":1000}', { down: true }),
    ).toEqual({ kind: 'stream-faults', faults: { stallRate: 0.5, stallMs: 1000 } });
    expect(parseControlLine('faults {"errorRate":0.2}', {})).toEqual({
      kind: 'faults',
      faults: { errorRate: 0.2 },
    });
    expect(parseControlLine('faults {}', {})).toEqual({ kind: 'faults', faults: {} });
  });

  it('ignores blank lines and refuses the rest', () => {
    expect(parseControlLine('   ', {})).toBeNull();
    expect(() => parseControlLine('stream sideways', {})).toThrow(/unknown command/);
    expect(() => parseControlLine('stream faults {"dropRate":3}', {})).toThrow(RangeError);
    expect(() => parseControlLine('faults [1]', {})).toThrow(/JSON object/);
    expect(() => parseControlLine('faults {nope', {})).toThrow();
  });
});
