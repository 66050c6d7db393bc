/** Offline probing's pace, as a pure function. */

/**
 * Delay before the next offline probe after `probesSent` probes found nothing: `minMs`,
 * doubling per probe up to `maxMs`, so a long outage costs one request every `maxMs`.
 */
export function probeDelay(probesSent: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.max(0, probesSent));
}
