/**
 * What the hub's clients are shown, as the keys of the frames it receives (`shownKey`):
 * the recorder keeps only those, not what the hub fetches for another reason (an alert's
 * quotes on a symbol no pane shows).
 */
import type { Instrument } from '../../shared/model';
import { instrument } from './kinds';
import type { SubscriptionRegistry } from './registry';
import type { ReceivedFrame } from './types';

export type ShownChannel = ReceivedFrame['channel'];

/** One channel of one instrument a client is shown. */
export interface ShownFrame {
  channel: ShownChannel;
  instrument: Instrument;
}

/**
 * The key of a frame's channel and instrument. A tick is known by its region and code
 * (the ticks route has no class or exchange, a stream push has them).
 */
export function shownKey(channel: ShownChannel, i: Instrument): string {
  return channel === 'tick'
    ? `tick||${i.region}|${i.code}`
    : `${channel}|${i.class}|${i.region}|${i.exchange}|${i.code}`;
}

const CHANNEL = { quotes: 'quote', depth: 'depth', ticks: 'tick' } as const;

/** Every channel and instrument subscribed by a client other than `except`, by key. */
export function shownFrames(
  registry: SubscriptionRegistry,
  except: string,
): Map<string, ShownFrame> {
  const shown = new Map<string, ShownFrame>();
  for (const sub of registry.subscriptions()) {
    if (sub.clientId === except) continue;
    const group = registry.groupOf(sub);
    if (!group) continue;
    const kind = group.route.kind;
    if (kind !== 'quotes' && kind !== 'depth' && kind !== 'ticks') continue;
    const channel = CHANNEL[kind];
    for (const code of sub.codes) {
      const i = instrument(group.route, code);
      shown.set(shownKey(channel, i), { channel, instrument: i });
    }
  }
  return shown;
}
