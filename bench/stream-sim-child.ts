/**
 * The parent's side of ./stream-simulator: forks it (the simulator in a process of its
 * own, so this process's CPU is the client's or the host's alone) on a clock `offsetMs`
 * ahead of the wall clock, and talks to it: `mark`/`read` (CPU and pushes since the
 * mark), `record`/`sent` (when each quote push left the simulator), `close`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One quote push as it left the simulator: its `s` (`CODE.REGION`), last price, wall-clock ms. */
export interface SentQuote {
  s: string;
  ld: number;
  at: number;
}

export interface SimChild {
  url: string;
  seed: number;
  mark(): void;
  read(): Promise<{ cpuUs: number; pushes: number }>;
  /** Starts keeping the send time of every quote push (`Date.now()` in the simulator's process). */
  record(): void;
  /** The quote pushes sent since `record`; stops recording. */
  sent(): Promise<SentQuote[]>;
  close(): Promise<void>;
}

export function startSimChild(offsetMs: number): Promise<SimChild> {
  const script = fileURLToPath(new URL('./stream-simulator.ts', import.meta.url));
  const child: ChildProcess = fork(script, {
    env: { ...process.env, STREAM_BENCH_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const ask = <T>(message: string) => {
    const answer = next<T>();
    child.send(message);
    return answer;
  };
  return next<{ url: string; seed: number }>().then(({ url, seed }) => ({
    url,
    seed,
    mark: () => child.send('mark'),
    read: () => ask<{ cpuUs: number; pushes: number }>('read'),
    record: () => child.send('record'),
    sent: () => ask<SentQuote[]>('sent'),
    close: () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send('close');
      return exited;
    },
  }));
}
