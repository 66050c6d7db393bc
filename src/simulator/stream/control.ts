/**
 * Steering a running simulator from its standard input, one command a line, so a test
 * that runs it as a child process (the end-to-end specs) can take the stream down and
 * bring it back, or change faults, without restarting it:
 *
 *   stream down               refuse stream upgrades, cut open stream connections
 *   stream up                 accept them again (other stream faults stay)
 *   stream faults {"dropRate":0.1}   replace the stream faults (JSON of StreamFaults)
 *   faults {"errorRate":0.2}  replace the REST faults (JSON of Faults; {} heals)
 */
import { validateFaults, type Faults } from '../faults';
import type { SimulatorHandle } from '../server';
import { validateStreamFaults, type StreamFaults } from './stream-faults';

/** What a control line asks for. */
export type ControlCommand =
  { kind: 'stream-faults'; faults: StreamFaults } | { kind: 'faults'; faults: Faults };

function json(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('expected a JSON object');
  }
  return value as Record<string, unknown>;
}

/**
 * Parses one line against the faults in force; null for a blank line. Throws Error on
 * anything else it cannot read (the caller prints it and carries on).
 */
export function parseControlLine(line: string, current: StreamFaults): ControlCommand | null {
  const text = line.trim();
  if (text === '') return null;
  if (text === 'stream down') return { kind: 'stream-faults', faults: { ...current, down: true } };
  if (text === 'stream up') return { kind: 'stream-faults', faults: { ...current, down: false } };
  const stream = /^stream faults\s+(.+)$/.exec(text);
  if (stream) {
    return { kind: 'stream-faults', faults: validateStreamFaults(json(stream[1]!)) };
  }
  const rest = /^faults\s+(.+)$/.exec(text);
  if (rest) return { kind: 'faults', faults: validateFaults(json(rest[1]!) as Faults) };
  throw new Error(
    `unknown command ${JSON.stringify(text)}: stream down | stream up | stream faults {…} | faults {…}`,
  );
}

/** Runs one control line on `sim`; the sentence to print, or null for a blank line. */
export function runControlLine(sim: SimulatorHandle, line: string): string | null {
  const command = parseControlLine(line, sim.streamFaults());
  if (!command) return null;
  if (command.kind === 'faults') {
    sim.setFaults(command.faults);
    return `faults ${JSON.stringify(sim.faults())}`;
  }
  sim.setStreamFaults(command.faults);
  const faults = sim.streamFaults();
  return `stream ${faults.down ? 'down' : 'up'}, faults ${JSON.stringify(faults)}`;
}
