/**
 * The recording store (src/core/recording): what the feed hub receives live, kept per
 * source for the heatmap and replay. See README.md.
 */
export * from './codec';
export * from './export';
export * from './maintenance';
export * from './open-recording';
export * from './reader';
export { Recorder, type RecorderOptions } from './recorder';
export { KIND, RECORDING_VERSION, RecordingTooNewError, type Channel } from './schema';
export * from './writer';
