/**
 * The hub's tap: every quote, book and tick it receives live — a stream push, or a
 * poll's answer — told as it arrives to `onReceived` (the recorder), before and apart
 * from what panes see. A listener that throws is reported and changes nothing.
 */
import type { BatchResult } from '../api';
import type { StreamPush } from '../stream';
import { instrument } from './kinds';
import type { Route } from './routes';
import type { ReceivedFrame } from './types';

export type ReceivedListener = (frame: ReceivedFrame) => void;

/** `listener` made safe for the feed's paths: a failure goes to `onError`. */
export function safeListener(
  listener: ReceivedListener | undefined,
  onError: (error: unknown) => void,
): ReceivedListener | null {
  if (!listener) return null;
  return (frame) => {
    try {
      listener(frame);
    } catch (error) {
      onError(error);
    }
  };
}

/** A poll's answer as frames (quotes, depth and ticks; candles and news are not live frames). */
export function tellPolled(
  listener: ReceivedListener,
  route: Route,
  batch: BatchResult<unknown>,
): void {
  const channel =
    route.kind === 'quotes'
      ? 'quote'
      : route.kind === 'depth'
        ? 'depth'
        : route.kind === 'ticks'
          ? 'tick'
          : null;
  if (channel === null) return;
  for (const [code, record] of Object.entries(batch.data)) {
    listener({ channel, instrument: instrument(route, code), record } as ReceivedFrame);
  }
}

/** A stream push as a frame. */
export function tellPushed(listener: ReceivedListener, push: StreamPush): void {
  const { instrument } = push;
  switch (push.type) {
    case 'quote':
      return listener({ channel: 'quote', instrument, record: push.quote });
    case 'depth':
      return listener({ channel: 'depth', instrument, record: push.depth });
    case 'tick':
      return listener({ channel: 'tick', instrument, record: push.tick });
  }
}
