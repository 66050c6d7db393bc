/**
 * The compared symbols on the data's timeline: a replay sought back loads each compared
 * line again, so none keeps the points of the later time (live updates only merge into
 * what a line holds, never taking a later bar away).
 */
import { describe, expect, it, vi } from 'vitest';
import type { CandlesPage } from '../../../../../shared/bridge';
import type { SeriesKey } from '../../../../../shared/model';
import { FakeBridge } from '../../../base/testing/fake-bridge';
import type { SymbolRef } from '../../../workspace/pane-contract';
import { bar, bars, page } from '../test-candles';
import { CompareSet } from './compare-set.svelte';

const ETH: SymbolRef = { class: 'crypto', region: 'BA', exchange: '', code: 'ETHUSDT' };

function setup() {
  const bridge = new FakeBridge();
  /** The pages `loadCandles` answers, in turn; the last one stays. */
  const pages: CandlesPage[] = [page(bars(0, 500))];
  const asked: SeriesKey[] = [];
  bridge.handlers.loadCandles = async ({ series }) => {
    asked.push(series);
    return pages.length > 1 ? pages.shift()! : pages[0]!;
  };
  const set = new CompareSet(bridge, () => bars(0, 500));
  return { bridge, set, pages, asked };
}

describe('CompareSet on a new timeline', () => {
  it('loads every compared line again after a seek back: no point of the later time stays', async () => {
    const { bridge, set, pages, asked } = setup();
    set.setTimeline('replay:demo@0-1#0');
    set.set([ETH], 1);
    const line = set.lines[0]!;
    await vi.waitFor(() => expect(line.state.candles).toHaveLength(500));
    // Created on the timeline it is on: loaded once.
    expect(asked.map((s) => s.code)).toEqual(['ETHUSDT']);
    await vi.waitFor(() => expect(bridge.namesCalled()).toContain('subscribe'));
    // Sought back to bar 299: the pushed bar of that time replaces its own, the later stay.
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(299, 7)]) });
    expect(line.state.candles).toHaveLength(500);
    pages.unshift(page(bars(0, 299).concat(bar(299, 7))));
    set.setTimeline('replay:demo@0-1#1');
    await vi.waitFor(() => expect(line.state.candles).toHaveLength(300));
    expect(line.state.latest).toEqual(bar(299, 7));
    expect(asked).toHaveLength(2);
    // The same timeline told again (a status told twice): nothing is loaded.
    set.setTimeline('replay:demo@0-1#1');
    expect(asked).toHaveLength(2);
    // A line added on this timeline is loaded once, not again for it.
    set.set([ETH, { ...ETH, code: 'SOLUSDT' }], 1);
    await vi.waitFor(() => expect(asked).toHaveLength(4));
    await Promise.resolve();
    expect(asked).toHaveLength(4);
    set.dispose();
  });
});
