/**
 * A replay's seek back: the hub's source goes back in time (`FeedHub.rewind`). What it
 * held is of a later time; the records at the earlier time must be taken (a board row
 * goes back), a chart's forming bar starts again from the service's (its quotes are not
 * counted twice), and a hub on another source is never touched.
 */
import { describe, expect, it } from 'vitest';
import type { DataSourceId, Quote } from '../../shared/model';
import { quote } from './testing/fake-client';
import { FakeStreams } from './testing/fake-stream';
import { manualHub, quotesSpec as quotes } from './testing/hub';
import { Recorder } from './testing/recorder';

const REPLAY: DataSourceId = 'replay:demo';
const AAPL = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } as const;
const at = (v: number): Quote => quote('AAPL', v);

/** A manual hub on `source`, streaming. */
function setup(source: DataSourceId = REPLAY) {
  const streams = new FakeStreams(200);
  const { timers, client, hub } = manualHub({ stream: streams.open, source: () => source });
  return { timers, client, streams, hub };
}

/** AAPL's quotes subscribed, streamed, and a quote of 500 pushed: what the board got. */
async function streamedQuote({
  timers,
  streams,
  hub,
}: ReturnType<typeof setup>): Promise<Recorder> {
  const r = new Recorder();
  hub.subscribe('w', quotes('stock', 'US', ['AAPL']), r.push);
  await timers.advance(0);
  streams.of('stock').stream();
  await timers.advance(0);
  streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: at(500) });
  await timers.advance(0);
  return r;
}

describe('FeedHub.rewind: a replay sought back', () => {
  it('takes the records at the earlier time: the board row goes back, and follows the pushes from there', async () => {
    const { timers, client, streams, hub } = setup();
    const r = await streamedQuote({ timers, client, streams, hub });
    expect(r.of('quotes').at(-1)?.quotes.AAPL?.time).toBe(at(500).time);
    // Sought back: the service answers the earlier time; without a rewind it is dropped.
    client.version = 5;
    streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: at(6) });
    await timers.advance(0);
    expect(r.of('quotes').at(-1)?.quotes.AAPL?.time).toBe(at(500).time);

    const before = client.callsOf('quotes').length;
    const opened = streams.opened.length;
    hub.rewind(REPLAY);
    await timers.advance(0);
    // Asked again at once, and the stream opened again (pushes on their way are dropped).
    expect(client.callsOf('quotes').length).toBe(before + 1);
    expect(streams.opened.length).toBe(opened + 1);
    expect(r.of('quotes').at(-1)?.quotes.AAPL).toEqual(at(5));
    streams.of('stock').stream();
    await timers.advance(0);
    streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: at(7) });
    await timers.advance(0);
    expect(r.of('quotes').at(-1)?.quotes.AAPL).toEqual(at(7));
    hub.dispose();
  });

  it('a chart’s forming bar starts again from the service’s: the quotes played twice are counted once', async () => {
    const { timers, streams, hub } = setup();
    const r = new Recorder();
    const series = { ...AAPL, kType: 1 } as const;
    hub.subscribe('w', { kind: 'candles', series }, r.push);
    await timers.advance(0);
    const rest = r.of('candles').at(-1)!.page.candles.at(-1)!;
    const base = { ...at(0), time: rest.time + 10_000 };
    const play = async () => {
      streams.of('stock').stream();
      await timers.advance(0);
      streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: { ...base, last: 103 } });
      streams.of('stock').push({
        type: 'quote',
        instrument: AAPL,
        quote: { ...base, time: base.time + 5000, last: 98.5, volume: base.volume + 7 },
      });
      await timers.advance(0);
      return r.of('candles').at(-1)!.page.candles.at(-1)!;
    };
    const first = await play();
    expect(first).toMatchObject({ time: rest.time, close: 98.5, volume: rest.volume + 7 });
    // Back to before those quotes: the service's bar at that time, then the same quotes again.
    hub.rewind(REPLAY);
    await timers.advance(0);
    expect(r.of('candles').at(-1)!.page.candles.at(-1)).toEqual(rest);
    expect(await play()).toEqual(first);
    hub.dispose();
  });

  it('does nothing to a hub on another source (live is never rewound by a replay)', async () => {
    const { timers, client, streams, hub } = setup('demo');
    const r = await streamedQuote({ timers, client, streams, hub });
    const calls = client.callsOf('quotes').length;
    const opened = streams.opened.length;
    r.clear();
    hub.rewind(REPLAY);
    await timers.advance(0);
    expect(client.callsOf('quotes').length).toBe(calls);
    expect(streams.opened.length).toBe(opened);
    expect(r.events).toEqual([]);
    hub.dispose();
  });
});
