/**
 * Reads a Chromium trace (`browser.stopTracing()`, categories `TRACE_CATEGORIES`) for
 * the page's main thread: each task's wall time and its CPU time (`tdur`), so a long
 * task can be told apart from a thread that was merely waiting for a core, and where
 * the CPU went (script, style, layout, paint…).
 */

/** Categories to trace with. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadSummary {
  seconds: number;
  tasks: number;
  /** Longest task by wall time, and by CPU time (ms). */
  maxWallMs: number;
  maxCpuMs: number;
  /** Tasks over 50 ms of wall time, and of CPU time. */
  over50Wall: number;
  over50Cpu: number;
  /** CPU ms of the whole thread's tasks, and by kind of work. */
  cpuMs: number;
  byKind: Record<string, number>;
}

const KINDS = [
  'FunctionCall',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
];

/** Summarises the renderer main thread of the first page in `trace`. */
export function summariseMainThread(trace: Buffer): MainThreadSummary {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = on.filter((e) => e.name === 'RunTask');
  const ms = (x: number | undefined) => (x ?? 0) / 1000;
  const byKind: Record<string, number> = {};
  for (const k of KINDS) {
    byKind[k] = on.filter((e) => e.name === k).reduce((a, e) => a + ms(e.tdur), 0);
  }
  const first = tasks[0]?.ts ?? 0;
  const last = tasks.at(-1);
  return {
    seconds: last ? (last.ts + (last.dur ?? 0) - first) / 1e6 : 0,
    tasks: tasks.length,
    maxWallMs: Math.max(0, ...tasks.map((t) => ms(t.dur))),
    maxCpuMs: Math.max(0, ...tasks.map((t) => ms(t.tdur))),
    over50Wall: tasks.filter((t) => ms(t.dur) > 50).length,
    over50Cpu: tasks.filter((t) => ms(t.tdur) > 50).length,
    cpuMs: tasks.reduce((a, t) => a + ms(t.tdur), 0),
    byKind,
  };
}
