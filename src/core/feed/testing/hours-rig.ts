/**
 * A polled stream rig (src/core/feed/testing/stream-rig.ts) on a plan's own limits whose
 * hub knows the app's market hours, read over the simulator's calendar operations, and a
 * log of every request the client sent (its path and when, on the rig's clock). Used by
 * `first-answer-rig.ts` and `./run bench -- market-hours`.
 */
import { Emitter } from '../../../shared/emitter';
import { planOf, type AssetClass, type PlanName, type UnixMs } from '../../../shared/model';
import { MarketHours, memoryCalendars } from '../../market-hours';
import { SHARED_CALENDAR_RULES, calendarClientOf } from '../../market-hours/service-calendar';
import type { FeedMarkets } from '../market-rest';
import { streamRig, type StreamRig } from './stream-rig';

export interface HoursRig {
  rig: StreamRig;
  /** Every request sent, in order. */
  sent: { path: string; at: number }[];
  close(): Promise<void>;
}

export async function hoursRig(options: {
  start: UnixMs;
  plan: PlanName;
  /** The calendars are first asked this long after the start. */
  fetchAfterMs: number;
  /** False: the hub knows no market's hours (everything polled); the calendars still run. */
  withHours?: boolean;
  /** True: the hub streams what the plan's connections carry (default false: everything polled). */
  streaming?: boolean;
}): Promise<HoursRig> {
  const sent: { path: string; at: number }[] = [];
  let hours: MarketHours | null = null;
  const changed = new Emitter<void>();
  const markets: FeedMarkets = {
    state: (cls: AssetClass, region: string) => hours!.state(cls, region),
    onChange: changed.event,
  };
  const rig = await streamRig({
    plan: planOf(options.plan),
    planLimits: true,
    streaming: options.streaming ?? false,
    start: options.start,
    onRequest: (path, at) => sent.push({ path, at }),
    hub: options.withHours === false ? {} : { markets },
  });
  try {
    hours = new MarketHours({
      client: () => calendarClientOf(rig.rest),
      source: () => 'demo',
      rules: SHARED_CALENDAR_RULES,
      keeper: memoryCalendars(),
      now: rig.timers.now,
      timers: rig.timers,
      fetchAfterMs: options.fetchAfterMs,
    });
  } catch (error) {
    await rig.close();
    throw error;
  }
  hours.onChange(() => changed.fire());
  const made = hours;
  return {
    rig,
    sent,
    close: async () => {
      made.dispose();
      await rig.close();
    },
  };
}
