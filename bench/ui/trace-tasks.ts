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

/**
 * The complete events (`ph: 'X'`) of the renderer main thread of the first page in
 * `trace`, in time order.
 */
function mainThreadEvents(trace: Buffer): TraceEvent[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  return events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
}

/** Summarises the renderer main thread of the first page in `trace`. */
export function summariseMainThread(trace: Buffer): MainThreadSummary {
  const on = mainThreadEvents(trace);
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

/** Categories to trace with to say what a long task was (the GPU client's waits too). */
export const LONG_TASK_CATEGORIES = [...TRACE_CATEGORIES, 'gpu', 'cc', 'v8', 'toplevel'];

/** What a long task of the main thread spent its wall time on. */
export type LongTaskCause =
  | 'GPU wait in the compositor commit (WebGL canvas read back)'
  | 'GPU wait in a script call'
  | 'GPU wait elsewhere'
  | 'script'
  | 'garbage collection'
  | 'style, layout and paint'
  | 'waiting for a core'
  | 'other work';

export interface LongTaskCauses {
  /** The trace's span (s) and its main-thread tasks over 50 ms. */
  seconds: number;
  tasks: number;
  /** Tasks by cause: how many, their wall and CPU ms (sums). */
  byCause: Partial<Record<LongTaskCause, { tasks: number; wallMs: number; cpuMs: number }>>;
  /** Over all of them: ms waited on the GPU process, CPU ms of our script and of GC. */
  gpuWaitMs: number;
  scriptMs: number;
  gcMs: number;
}

/** GPU client calls that block until the GPU process has done the work queued before them. */
const GPU_WAITS = new Set([
  'CommandBufferProxyImpl::WaitForGetOffset',
  'CommandBufferProxyImpl::WaitForToken',
]);
const SCRIPT = new Set(['FunctionCall', 'FireAnimationFrame', 'EventDispatch', 'TimerFire']);
const GC = new Set(['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCCompactor', 'V8.GCFinalizeMC']);
const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize']);

/**
 * Each task over 50 ms on the renderer main thread of the first page in `trace`
 * (categories `LONG_TASK_CATEGORIES`), put down to what took most of its wall time: a
 * wait for the GPU process (inside the compositor's commit: a WebGL canvas read back for
 * software compositing; or inside a script's GL call); else, when the thread was on a
 * core for under half the task's wall time (its CPU time, `tdur`), waiting for a core
 * (a loaded machine: a task of 175 ms wall and 18 ms CPU is not 175 ms of script); else
 * what took most of its CPU time: our script, garbage collection, style/layout/paint, or
 * other work. Wall times of the events inside count the time the thread was descheduled
 * too, so the kind of work is told by their CPU time.
 */
export function longTaskCauses(trace: Buffer): LongTaskCauses {
  const on = mainThreadEvents(trace);
  const ms = (x: number | undefined) => (x ?? 0) / 1000;
  const tasks = on.filter((e) => e.name === 'RunTask');
  const long = tasks.filter((t) => ms(t.dur) > 50);
  const out: LongTaskCauses = {
    seconds: tasks.length ? (tasks.at(-1)!.ts + (tasks.at(-1)!.dur ?? 0) - tasks[0]!.ts) / 1e6 : 0,
    tasks: long.length,
    byCause: {},
    gpuWaitMs: 0,
    scriptMs: 0,
    gcMs: 0,
  };
  let i = 0;
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    while (i < on.length && on[i]!.ts < task.ts) i++;
    const inside: TraceEvent[] = [];
    for (let j = i; j < on.length && on[j]!.ts < end; j++) inside.push(on[j]!);
    // An event of `names` inside another of them (a FunctionCall in a FireAnimationFrame)
    // is counted once, in the outer one.
    const sum = (names: Set<string>, time: (e: TraceEvent) => number) => {
      let total = 0;
      let until = -Infinity;
      for (const e of inside) {
        if (!names.has(e.name) || e.ts < until) continue;
        total += time(e);
        until = e.ts + (e.dur ?? 0);
      }
      return total;
    };
    // Without thread times (a trace taken without them), wall time stands in for CPU.
    const timed = task.tdur !== undefined;
    const cpuOf = (e: TraceEvent) => (timed ? ms(e.tdur) : ms(e.dur));
    const waits = inside.filter((e) => GPU_WAITS.has(e.name));
    const wait = waits.reduce((a, e) => a + ms(e.dur), 0);
    const script = sum(SCRIPT, cpuOf) - sum(GPU_WAITS, cpuOf);
    const gc = sum(GC, cpuOf);
    const wall = ms(task.dur);
    const cpu = cpuOf(task);
    const within = (w: TraceEvent, name: string) =>
      inside.some((e) => e.name === name && e.ts <= w.ts && w.ts < e.ts + (e.dur ?? 0));
    let cause: LongTaskCause;
    if (wait >= wall / 2) {
      const w = waits.reduce((a, b) => ((b.dur ?? 0) > (a.dur ?? 0) ? b : a));
      cause = within(w, 'Commit')
        ? 'GPU wait in the compositor commit (WebGL canvas read back)'
        : within(w, 'FunctionCall') || within(w, 'FireAnimationFrame')
          ? 'GPU wait in a script call'
          : 'GPU wait elsewhere';
    } else if (cpu < wall / 2) cause = 'waiting for a core';
    else if (gc >= cpu / 2) cause = 'garbage collection';
    else if (script >= cpu / 2) cause = 'script';
    else if (sum(RENDERING, cpuOf) >= cpu / 2) cause = 'style, layout and paint';
    else cause = 'other work';
    const c = (out.byCause[cause] ??= { tasks: 0, wallMs: 0, cpuMs: 0 });
    c.tasks++;
    c.wallMs += wall;
    c.cpuMs += cpu;
    out.gpuWaitMs += wait;
    out.scriptMs += script;
    out.gcMs += gc;
  }
  return out;
}

export interface FrameTasks {
  /** Main-thread tasks that ran animation-frame callbacks (and the frame's rendering). */
  tasks: number;
  /** Their wall and CPU (thread) time, ms: median and 95th percentile. */
  wallMedian: number;
  wallP95: number;
  cpuMedian: number;
  cpuP95: number;
}

/**
 * The renderer main thread's animation-frame tasks in `trace` (those with a
 * `FireAnimationFrame` inside): their wall time, and their CPU time, the thread's work
 * itself. On a loaded machine the two differ by the time the thread waited for a core
 * in the middle of a frame: the wall time's 95th percentile is then the machine's.
 */
export function frameTasks(trace: Buffer): FrameTasks {
  const on = mainThreadEvents(trace);
  const fires = on.filter((e) => e.name === 'FireAnimationFrame');
  const wall: number[] = [];
  const cpu: number[] = [];
  let f = 0;
  for (const task of on) {
    if (task.name !== 'RunTask') continue;
    const end = task.ts + (task.dur ?? 0);
    while (f < fires.length && fires[f]!.ts < task.ts) f++;
    if (f >= fires.length || fires[f]!.ts >= end) continue;
    wall.push((task.dur ?? 0) / 1000);
    cpu.push((task.tdur ?? task.dur ?? 0) / 1000);
  }
  const at = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
  };
  return {
    tasks: wall.length,
    wallMedian: at(wall, 0.5),
    wallP95: at(wall, 0.95),
    cpuMedian: at(cpu, 0.5),
    cpuP95: at(cpu, 0.95),
  };
}
