/**
 * The probe the UI benchmarks install in the app's page before its scripts run
 * (page-probe.js): long tasks, the bridge messages, changes of the quote board's
 * price cells and the first quote painted. The app has no performance marks of its
 * own yet, so the DOM and the socket are watched instead.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** For `page.addInitScript({ path: PROBE_SCRIPT })` / `context.addInitScript(…)`. */
export const PROBE_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'page-probe.js',
);

/** What the probe records, read with `page.evaluate(() => globalThis.__probe)`. */
export interface ProbeData {
  longTasks: { start: number; duration: number }[];
  /** Bridge event frames received, by event name. */
  frames: Record<string, number>;
  /** performance.now() of the first frame of each event name (`answer`: the first answer). */
  firstFrameAt: Record<string, number>;
  /** performance.now() when the page opened its WebSocket. */
  wsCreatedAt: number | null;
  /** The first 40 bridge messages: `>name` sent, `<name` answered, `!event` pushed. */
  log: { at: number; what: string }[];
  /** Text changes of quote-board price cells (`tr[data-key] td.num`). */
  priceCellChanges: number;
  /** performance.now() when a price cell first showed a digit, and two frames later. */
  firstQuoteSeen: number | null;
  firstQuotePainted: number | null;
  timeOrigin: number;
}
