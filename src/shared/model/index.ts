export * from './market';
export * from './records';
export * from './settings';
export * from './settings-rules';
export * from './symbols';
export * from './directory';
export * from './alerts';
export * from './drawings';
