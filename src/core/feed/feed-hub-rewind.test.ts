/**
 * A replay's seek back: the hub's source goes back in time (`FeedHub.rewind`). What it
 * held is of a later time; the records at the earlier time must be taken (a board row
 * goes back), a chart's forming bar starts again from the service's (its quotes are not
 * counted twice), and a hub on another source is never touched.
 */
import { describe, expect, it } from 'vitest';
import type { Candle, DataSourceId, Quote } from '../../shared/model';
import { FakeFeedClient, quote } from './testing/fake-client';
import { FakeStreams } from './testing/fake-stream';
import { manualHub, quotesSpec as quotes } from './testing/hub';
import { Recorder } from './testing/recorder';

const REPLAY: DataSourceId = 'replay:demo';

/** A client whose klines answer ends with `bar` once it is set (the service's forming bar). */
class ScriptedBars extends FakeFeedClient {
  bar: Candle | null = null;
  override async klines(...args: Parameters<FakeFeedClient['klines']>) {
    const r = await super.klines(...args);
    const bar = this.bar;
    if (!r.ok || !bar) return r;
    for (const list of Object.values(r.value.data)) list[list.length - 1] = { ...bar };
    return r;
  }
}
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

  it('a chart’s REST answer that counted the quotes the hub had: the next quote adds its volume', async () => {
    // The replay's loopback service answers the bar it built from the recorded quotes the
    // stream pushed; its quote times are the recording's, never of the wall clock's second.
    const streams = new FakeStreams(200);
    const { timers, client, hub } = manualHub(
      { stream: streams.open, source: () => REPLAY },
      (t) => new ScriptedBars(t.now),
    );
    const r = new Recorder();
    hub.subscribe('w', { kind: 'candles', series: { ...AAPL, kType: 1 } }, r.push);
    await timers.advance(0);
    const rest = r.of('candles').at(-1)!.page.candles.at(-1)!;
    const q = (n: number, last: number, volume: number): Quote => ({
      ...at(0),
      time: rest.time + 10_000 + n * 500,
      last,
      volume,
      turnover: volume * 100,
    });
    const push = async (quote: Quote) => {
      streams.of('stock').push({ type: 'quote', instrument: AAPL, quote });
      await timers.advance(0);
      return r.of('candles').at(-1)!.page.candles.at(-1)!;
    };
    // On the stream, its snapshot asked of REST (held) while two quotes come: the first
    // after REST's answer adds nothing (REST's bar had it), the second what the day grew.
    client.hold = true;
    streams.of('stock').stream();
    await timers.advance(0);
    await push(q(0, 101, 5_000));
    const built = await push(q(1, 102, 5_003));
    expect(built).toMatchObject({ close: 102, volume: rest.volume + 3 });
    // REST answers the bar as the service built it through those very quotes.
    (client as ScriptedBars).bar = built;
    client.hold = false;
    client.release();
    await timers.advance(1_000);
    expect(client.callsOf('klines').length).toBeGreaterThan(1);
    expect(r.of('candles').at(-1)!.page.candles.at(-1)).toEqual(built);
    // The next quote is one REST has not counted: its volume is the bar's.
    expect(await push(q(2, 103, 5_005))).toMatchObject({ close: 103, volume: rest.volume + 5 });
    hub.dispose();
  });

  it('sought, the quote pushed before the chart’s answer is the one it counted: the next adds its volume', async () => {
    const { timers, client, streams, hub } = setup();
    const r = new Recorder();
    hub.subscribe('w', { kind: 'candles', series: { ...AAPL, kType: 1 } }, r.push);
    await timers.advance(0);
    streams.of('stock').stream();
    await timers.advance(0);
    const rest = r.of('candles').at(-1)!.page.candles.at(-1)!;
    const q = (n: number, volume: number): Quote => ({
      ...at(0),
      time: rest.time + 10_000 + n * 500,
      last: 100 + n,
      volume,
      turnover: volume * 100,
    });
    // Sought: the service's answer is on its way when the stream tells the sought time's
    // quote (the one that answer counted the bar to).
    client.hold = true;
    hub.rewind(REPLAY);
    await timers.advance(0);
    streams.of('stock').stream();
    await timers.advance(0);
    streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: q(0, 5_000) });
    await timers.advance(0);
    client.hold = false;
    client.release();
    await timers.advance(0);
    expect(r.of('candles').at(-1)!.page.candles.at(-1)).toEqual(rest);
    streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: q(1, 5_004) });
    await timers.advance(0);
    expect(r.of('candles').at(-1)!.page.candles.at(-1)).toMatchObject({
      close: 101,
      volume: rest.volume + 4,
    });
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
