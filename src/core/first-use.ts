/**
 * The runtime's own first-use work, done ahead while the process would otherwise wait (the
 * browser host while the page loads, the Electron shell while its window loads), so the
 * first commands do not pay for it. Each step is one turn's work; none changes what any
 * command answers.
 *
 * Measured on this 2-core machine (a bare `node -e`, load 1–8; a CPU profile of the host's
 * cold start, bench/ui-cold-start.bench.ts with UI_COLD_PROF):
 * - ICU's time-zone data, loaded by the first `Intl.DateTimeFormat` given a `timeZone`:
 *   70–160 ms. The market hours read a stored calendar's zone as the first `subscribe`
 *   is answered, and a fetched one's as its holidays come.
 * - Node's HTTP client (undici), loaded by the first `fetch`: 120–250 ms, on the way to
 *   the first quote. Reading one of the globals it provides (`Headers`) loads it without
 *   a request.
 */

/** One step of first-use work. */
export interface FirstUseStep {
  readonly name: string;
  run(): void;
}

export const FIRST_USE_STEPS: readonly FirstUseStep[] = [
  {
    name: 'time zones',
    run: () => void new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York' }).format(0),
  },
  {
    name: 'HTTP client',
    run: () => void Reflect.get(globalThis, 'Headers'),
  },
];

/**
 * Runs the steps, one per turn of the event loop (what waits meanwhile — a page's file, a
 * command — runs between them), each only while `idle()` says nothing waits for the
 * process (once it does, the rest is left to the first use). Never rejects: warming is an
 * optimisation only, and a step that fails leaves its cost to the first use.
 */
export async function warmFirstUse(
  steps: readonly FirstUseStep[] = FIRST_USE_STEPS,
  idle: () => boolean = () => true,
): Promise<void> {
  for (const step of steps) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!idle()) return;
    try {
      step.run();
    } catch {
      // The first use pays instead.
    }
  }
}
