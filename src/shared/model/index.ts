export * from './market';
export * from './records';
