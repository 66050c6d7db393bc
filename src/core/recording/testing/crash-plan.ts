/**
 * The frames a crash test's writer appends, on a virtual clock, from a seed: the child
 * (crash-writer.ts) writes them and the test recomputes them to compare.
 */
import type { DepthBook, Instrument } from '../../../shared/model';
import { seededRandom } from '../../cache/testing/seeded-random';
import { sameBook } from '../codec';
import { BookWalk, INSTRUMENTS } from './books';

export interface PlannedFrame {
  t: number;
  instrument: Instrument;
  book: DepthBook;
}

export const CRASH_START = 1_700_000_000_000;

/** The endless plan of `seed`: a push every 5–25 ms of one of the instruments. */
export function* crashPlan(seed: number): Generator<PlannedFrame> {
  const random = seededRandom(seed);
  const walks = INSTRUMENTS.map((i) => new BookWalk(random, i.code));
  const last = new Map<number, DepthBook>();
  let t = CRASH_START;
  for (;;) {
    t += 5 + Math.floor(random() * 21);
    const which = Math.floor(random() * INSTRUMENTS.length);
    const book = walks[which]!.next();
    const before = last.get(which);
    if (before && sameBook(before, book)) continue;
    last.set(which, structuredClone(book));
    yield { t, instrument: INSTRUMENTS[which]!, book };
  }
}
