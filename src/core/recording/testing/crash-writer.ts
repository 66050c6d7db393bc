/**
 * Child process of crash.test.ts: records `crashPlan(seed)` forever on its virtual clock,
 * the writer flushing on its own interval (virtual timers), printing `at <t>` after each
 * frame is appended and `flushed <t>` (the newest frame written) after each write. The test SIGKILLs it.
 *
 * Usage: node --import tsx crash-writer.ts <file> <seed>
 */
import { openRecording } from '../open-recording';
import { RecordingWriter } from '../writer';
import { CRASH_START, crashPlan } from './crash-plan';

const [file, seedArg] = process.argv.slice(2);
if (!file || !seedArg) {
  console.error('usage: crash-writer <file> <seed>');
  process.exit(2);
}
let now = CRASH_START;
/** The newest frame appended: a flush writes up to it. */
let appended = 0;
let interval: { fn: () => void; ms: number; next: number } | null = null;
const { db } = openRecording(file, 'demo');
const writer = new RecordingWriter(db, {
  now: () => now,
  timers: {
    setInterval: (fn, ms) => (interval = { fn, ms, next: now + ms }),
    clearInterval: () => (interval = null),
  },
  afterFlush: () => process.stdout.write(`flushed ${appended}\n`),
});
const plan = crashPlan(Number(seedArg));

function step(): void {
  for (let k = 0; k < 20; k++) {
    const frame = plan.next().value!;
    now = frame.t;
    while (interval && now >= interval.next) {
      interval.next += interval.ms;
      interval.fn();
    }
    writer.append({ channel: 'depth', instrument: frame.instrument, record: frame.book });
    appended = now;
    process.stdout.write(`at ${now}\n`);
  }
  setImmediate(step);
}
step();
