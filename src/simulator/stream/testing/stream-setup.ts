/**
 * A simulator on a step clock with raw stream probes, for the stream's tests: every
 * probe and the simulator are closed by `close()`.
 */
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../server';
import { ManualTimers } from '../../../shared/testing/manual-timers';
import { WsProbe, type Frame } from './ws-probe';

/** A push frame's record, or null for any other frame. */
export function pushed(frame: Frame): Record<string, unknown> | null {
  if (typeof frame === 'string' || frame.code !== 1 || frame.data === undefined) return null;
  const data = frame.data as Record<string, unknown>;
  return typeof data.type === 'string' ? data : null;
}

export interface StreamSetup {
  clock: ManualTimers;
  sim: SimulatorHandle;
  /** `ws://127.0.0.1:PORT` + path. */
  url(path: string): string;
  /** Opens a probe and reads its `Connected Successfully`. */
  connect(path: string, token?: string): Promise<WsProbe>;
  /** Opens a probe without reading anything. */
  open(path: string, token?: string): Promise<WsProbe>;
  /**
   * Fires the clock's timers one at a time until `probe` receives a push `match`
   * accepts; returns it, the clock standing at the instant it was pushed.
   */
  nextPush(
    probe: WsProbe,
    match?: (record: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function streamSetup(options: SimulatorOptions = {}): Promise<StreamSetup> {
  const clock = new ManualTimers();
  const sim = await startSimulator({ ...options, now: clock.now, timers: clock });
  const probes: WsProbe[] = [];
  const url = (path: string) => sim.url.replace(/^http/, 'ws') + path;
  const track = (probe: WsProbe) => (probes.push(probe), probe);
  return {
    clock,
    sim,
    url,
    connect: async (path, token) => track(await WsProbe.connect(url(path), token)),
    open: async (path, token) => track(await WsProbe.open(url(path), token)),
    async nextPush(probe, match = () => true) {
      for (let i = 0; i < 200; i++) {
        if (!clock.runNext()) throw new Error('no timer pending: nothing will be pushed');
        for (const frame of await probe.barrier()) {
          const record = pushed(frame);
          if (record && match(record)) return record;
        }
      }
      throw new Error('no matching push in 200 timers');
    },
    async close() {
      for (const probe of probes) probe.close();
      await sim.close();
    },
  };
}
