/**
 * Fault injection on the stream, beside REST's (../faults.ts): the endpoint down
 * (upgrades refused, open connections cut), connections dropped, stalls, malformed
 * push frames and late pongs. Every draw is a pure function of (seed, push index),
 * pushes being numbered from 0 at start and after every `setStreamFaults`, so a given
 * seed and the same sequence of pushes fail the same pushes.
 */
import { draw } from '../faults';
import { MALFORM_VARIANTS, type MalformVariant } from '../malform';

/** The stream faults in force; an empty object means none. */
export interface StreamFaults {
  /** The stream endpoints refuse upgrades (HTTP 503) and their open connections are cut. */
  down?: boolean;
  /** Share (0–1) of pushes at which the connection is cut instead (no close frame). */
  dropRate?: number;
  /** Share (0–1) of pushes at which the connection goes silent for `stallMs`. */
  stallRate?: number;
  /** How long a stall lasts, in ms (default {@link DEFAULT_STALL_MS}): nothing is sent, pongs included. */
  stallMs?: number;
  /** Share (0–1) of pushes sent broken (the REST malformer's variants). */
  malformedRate?: number;
  /** Every pong is sent this many ms late. */
  pongDelayMs?: number;
  /** Seed of the draws; defaults to the simulator's seed. */
  seed?: number;
}

/** Length of a stall when `stallMs` is not given: longer than any heartbeat deadline. */
export const DEFAULT_STALL_MS = 60_000;

/** What happens to one push on one connection. */
export interface PushFate {
  /** Cut the connection instead of sending. */
  drop: boolean;
  /** Go silent for the stall's length, starting with this push. */
  stall: boolean;
  malform: MalformVariant | null;
  /** A uniform draw in [0, 1) for the malformer's own choices. */
  malformDraw: number;
}

const rate = (value: number | undefined, d: number) => (value ?? 0) > 0 && d < (value ?? 0);

/** The fate of push number `index` (0-based) under `faults` and `seed`. */
export function decidePushFate(faults: StreamFaults, seed: number, index: number): PushFate {
  const s = faults.seed ?? seed;
  const malformed = rate(faults.malformedRate, draw(s, index, 13));
  return {
    drop: rate(faults.dropRate, draw(s, index, 11)),
    stall: rate(faults.stallRate, draw(s, index, 12)),
    malform: malformed
      ? MALFORM_VARIANTS[Math.floor(draw(s, index, 14) * MALFORM_VARIANTS.length)]!
      : null,
    malformDraw: draw(s, index, 15),
  };
}

/** True when pushes need a draw at all. */
export function drawsPushes(faults: StreamFaults): boolean {
  return Boolean(faults.dropRate || faults.stallRate || faults.malformedRate);
}

/** Throws a RangeError naming the first out-of-range setting; returns a copy. */
export function validateStreamFaults(faults: StreamFaults): StreamFaults {
  for (const name of ['dropRate', 'stallRate', 'malformedRate'] as const) {
    const v = faults[name];
    if (v !== undefined && !(v >= 0 && v <= 1)) {
      throw new RangeError(`stream fault ${name} must be between 0 and 1, got ${v}`);
    }
  }
  for (const name of ['stallMs', 'pongDelayMs'] as const) {
    const v = faults[name];
    if (v !== undefined && !(Number.isFinite(v) && v >= 0)) {
      throw new RangeError(`stream fault ${name} must be a number ≥ 0, got ${v}`);
    }
  }
  if (faults.down !== undefined && typeof faults.down !== 'boolean') {
    throw new RangeError(`stream fault down must be true or false, got ${String(faults.down)}`);
  }
  return { ...faults };
}
