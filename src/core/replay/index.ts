/** Replay of a recording as a source of its own (see README.md). */
export * from './clock';
export * from './player';
export * from './replay-candles';
export * from './replay-server';
export * from './replay-service';
