/**
 * The stream benchmarks' clock: the wall clock moved to Wednesday 2026-11-18 15:00 UTC
 * (New York and London trade; Asia is closed), so a run pushes alike whatever the hour.
 * The simulator child (./stream-sim-child) and whatever reads it run on it.
 */
export const STREAM_BENCH_MOMENT = Date.parse('2026-11-18T15:00:00Z');

/** How far the benchmarks' clock is ahead of the wall clock (fixed at load). */
export const STREAM_BENCH_OFFSET_MS = STREAM_BENCH_MOMENT - Date.now();
