/**
 * The hub's tap (`onReceived`): every polled quote and book is told with its instrument,
 * and what panes are shown is the same with a tap, even one that throws.
 */
import { describe, expect, it } from 'vitest';
import type { ReceivedFrame } from './types';
import { manualHub, stockDepth, stockQuotes } from './testing/hub';
import { Recorder } from './testing/recorder';

async function run(onReceived?: (frame: ReceivedFrame) => void, errors: unknown[] = []) {
  const { timers, hub } = manualHub({
    ...(onReceived ? { onReceived } : {}),
    onError: (e) => errors.push(e),
  });
  const r = new Recorder();
  hub.subscribe('w', stockQuotes(['AAPL', 'MSFT']), r.push);
  hub.subscribe('w', stockDepth('AAPL'), r.push);
  await timers.advance(0);
  await timers.advance(3_000);
  hub.dispose();
  return r.events;
}

describe('FeedHub: the received tap', () => {
  it('tells every polled quote and book with its instrument', async () => {
    const frames: ReceivedFrame[] = [];
    const events = await run((f) => frames.push(f));
    const quotes = frames.filter((f) => f.channel === 'quote');
    const books = frames.filter((f) => f.channel === 'depth');
    expect(new Set(quotes.map((f) => f.instrument.code))).toEqual(new Set(['AAPL', 'MSFT']));
    expect(books.length).toBeGreaterThan(0);
    expect(books[0]!.instrument).toEqual({
      class: 'stock',
      region: 'US',
      exchange: '',
      code: 'AAPL',
    });
    // What the pane was shown is among what was told.
    const shown = events.flatMap((e) =>
      e.event === 'depth' ? Object.values(e.payload.books) : [],
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const book of shown) expect(books.map((f) => f.record)).toContainEqual(book);
  });

  it('changes nothing panes see, even when the listener throws', async () => {
    const plain = await run();
    const errors: unknown[] = [];
    const tapped = await run(() => {
      throw new Error('disk full');
    }, errors);
    expect(tapped).toEqual(plain);
    expect(errors.length).toBeGreaterThan(0);
  });
});
