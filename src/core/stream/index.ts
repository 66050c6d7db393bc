/**
 * The service's stream (docs/streaming.md), client side: `StreamClient`, one per
 * asset class. See README.md.
 */
export { StreamClient } from './stream-client';
export { streamUrl } from './stream-url';
export { wsSockets, type SocketFactory, type SocketEvents, type StreamSocket } from './socket';
export * from './types';
