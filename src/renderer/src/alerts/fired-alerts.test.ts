import { describe, expect, it } from 'vitest';
import type { Events } from '../../../shared/bridge';
import { testAlert } from '../../../shared/testing/alerts';
import { MAX_NOTES, NO_FIRINGS, addFiring, dismissFiring, seenFirings } from './fired-alerts';

const fired = (id: string, firedAt: number): Events['alertFired'] => ({
  alert: testAlert({ id }),
  firing: { at: firedAt - 500, price: 101, firedAt },
  title: `Alert ${id}`,
  body: 'at 101',
});

describe('fired alerts', () => {
  it('shows each firing until dismissed, newest first, and counts them', () => {
    let state = addFiring(NO_FIRINGS, fired('a', 1_000));
    state = addFiring(state, fired('b', 2_000));
    expect(state.notes.map((n) => n.alert.id)).toEqual(['b', 'a']);
    expect(state.unseen).toBe(2);
    state = dismissFiring(state, state.notes[0]!.key);
    expect(state.notes.map((n) => n.alert.id)).toEqual(['a']);
    // Dismissing is not seeing the alerts: the count stays until the pane is opened.
    expect(state.unseen).toBe(2);
    state = seenFirings(state);
    expect(state).toEqual({ notes: [expect.objectContaining({ key: 'a:1000' })], unseen: 0 });
  });

  it('keeps one note per alert (its newest firing), a few at most; the count has them all', () => {
    let state = NO_FIRINGS;
    for (let i = 1; i <= 5; i++) state = addFiring(state, fired('every', i * 1_000));
    expect(state.notes).toHaveLength(1);
    expect(state.notes[0]?.firing.firedAt).toBe(5_000);
    for (const id of ['b', 'c', 'd', 'e']) state = addFiring(state, fired(id, 9_000));
    expect(state.notes).toHaveLength(MAX_NOTES);
    expect(state.unseen).toBe(9);
  });

  it('takes the same firing told twice once', () => {
    const once = addFiring(NO_FIRINGS, fired('a', 1_000));
    expect(addFiring(once, fired('a', 1_000))).toBe(once);
  });
});
