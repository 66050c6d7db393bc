// `npm start`: the terminal. Until the UI lands, this runs the local market data
// service (the simulator) in the foreground; arguments pass through to it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tsx = require.resolve('tsx/cli');
const child = spawn(
  process.execPath,
  [tsx, 'src/simulator/run-simulator.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
