/**
 * The long-task classifier on synthetic traces: a task is put down to what its thread
 * did on a core, not to the wall time its events spanned while it waited for one.
 */
import { describe, expect, it } from 'vitest';
import { frameTasks, longTaskCauses } from './trace-tasks';

const PID = 1;
const TID = 7;

/** A complete event on the renderer main thread: start and wall in ms, CPU ms. */
function x(name: string, at: number, wall: number, cpu?: number) {
  return {
    name,
    ph: 'X',
    pid: PID,
    tid: TID,
    ts: at * 1000,
    dur: wall * 1000,
    ...(cpu === undefined ? {} : { tdur: cpu * 1000 }),
  };
}

function trace(...events: object[]): Buffer {
  const thread = {
    name: 'thread_name',
    ph: 'M',
    pid: PID,
    tid: TID,
    ts: 0,
    args: { name: 'CrRendererMain' },
  };
  return Buffer.from(JSON.stringify({ traceEvents: [thread, ...events] }));
}

describe('longTaskCauses', () => {
  it('says a task of 175 ms wall and 18 ms CPU waited for a core, though script spanned it', () => {
    const r = longTaskCauses(
      trace(
        x('RunTask', 0, 175, 18),
        x('FireAnimationFrame', 1, 170, 16),
        x('FunctionCall', 2, 168, 15),
      ),
    );
    expect(r.tasks).toBe(1);
    expect(Object.keys(r.byCause)).toEqual(['waiting for a core']);
    expect(r.byCause['waiting for a core']).toEqual({ tasks: 1, wallMs: 175, cpuMs: 18 });
    // Our script's CPU, counted once (the call inside the animation frame is not added again).
    expect(r.scriptMs).toBe(16);
  });

  it('says script where the thread was on a core most of the task and script took most of it', () => {
    const r = longTaskCauses(
      trace(x('RunTask', 0, 120, 110), x('FunctionCall', 1, 115, 100), x('Layout', 116, 3, 3)),
    );
    expect(r.byCause).toEqual({ script: { tasks: 1, wallMs: 120, cpuMs: 110 } });
  });

  it('tells garbage collection and rendering by their CPU, and a GPU wait by its wall time', () => {
    const r = longTaskCauses(
      trace(
        x('RunTask', 0, 80, 70),
        x('MajorGC', 1, 60, 50),
        x('RunTask', 100, 90, 80),
        x('Layout', 101, 30, 30),
        x('Paint', 131, 30, 30),
        // A wait for the GPU process: blocked, little CPU, but not waiting for a core.
        x('RunTask', 200, 150, 8),
        x('Commit', 201, 148, 6),
        x('CommandBufferProxyImpl::WaitForGetOffset', 202, 140, 1),
        // Short tasks are not long tasks.
        x('RunTask', 400, 20, 20),
      ),
    );
    expect(r.tasks).toBe(3);
    expect(r.byCause['garbage collection']?.tasks).toBe(1);
    expect(r.byCause['style, layout and paint']?.tasks).toBe(1);
    expect(r.byCause['GPU wait in the compositor commit (WebGL canvas read back)']?.tasks).toBe(1);
    expect(r.gpuWaitMs).toBe(140);
  });

  it('falls back on wall time for a trace without thread times', () => {
    const r = longTaskCauses(trace(x('RunTask', 0, 100), x('FunctionCall', 1, 90)));
    expect(r.byCause).toEqual({ script: { tasks: 1, wallMs: 100, cpuMs: 100 } });
  });
});

describe('frameTasks', () => {
  it('gives the wall and CPU time of the tasks that ran animation frames, and only those', () => {
    const events = [];
    for (let k = 0; k < 20; k++) {
      const at = k * 20;
      // Every fifth frame waited 9 ms for a core in the middle: wall 10 ms, CPU 1 ms.
      const wall = k % 5 === 4 ? 10 : 1;
      events.push(x('RunTask', at, wall, 1), x('FireAnimationFrame', at + 0.1, wall - 0.2, 0.8));
      events.push(x('RunTask', at + 12, 3, 3)); // no animation frame in it
    }
    const r = frameTasks(trace(...events));
    expect(r.tasks).toBe(20);
    expect(r).toMatchObject({ wallMedian: 1, wallP95: 10, cpuMedian: 1, cpuP95: 1 });
  });
});
