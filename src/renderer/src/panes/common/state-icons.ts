/**
 * The icons of data and trading states, as stroke paths on a 16×16 grid: drawn as
 * inline SVG (no icon font, no emoji: every platform draws them the same, at the
 * same width). Each state also has words; an icon never stands alone (see StateIcon).
 */
export const STATE_ICONS = {
  /** Waiting for the first data: an open ring. */
  loading: ['M8 2.5a5.5 5.5 0 1 1-5.5 5.5'],
  /** No fresh data: a clock. */
  stale: ['M8 2.5a5.5 5.5 0 1 1 0 11a5.5 5.5 0 1 1 0-11', 'M8 5v3.2l2.2 1.4'],
  /** The service cannot be reached: a signal crossed out. */
  offline: [
    'M2.5 6.5a8 8 0 0 1 11 0',
    'M4.7 9a5 5 0 0 1 6.6 0',
    'M7 11.5a1.5 1.5 0 0 1 2 0',
    'M2.5 2.5l11 11',
  ],
  /** Not in the plan: a padlock. */
  lock: ['M4 7.5h8v6H4z', 'M5.5 7.5V5.5a2.5 2.5 0 0 1 5 0v2'],
  /** Rate limited: an hourglass. */
  hourglass: [
    'M4 2.5h8',
    'M4 13.5h8',
    'M5 2.5c0 3 6 3 6 5.5s-6 2.5-6 5.5',
    'M11 2.5c0 3-6 3-6 5.5s6 2.5 6 5.5',
  ],
  /** The token was refused: a key. */
  key: ['M5.5 3.5a3 3 0 1 1 0 6a3 3 0 1 1 0-6', 'M7.6 8.6l5.4 5', 'M11.2 11.9l1.6-1.6'],
  /** No such symbol: a question mark in a ring. */
  unknown: [
    'M8 2.5a5.5 5.5 0 1 1 0 11a5.5 5.5 0 1 1 0-11',
    'M6.3 6.6a1.8 1.8 0 1 1 2.6 1.6c-.6.3-.9.7-.9 1.3',
    'M8 11.2v.3',
  ],
  /** Something failed: a warning triangle. */
  error: ['M8 2.5l6 11H2z', 'M8 6.5v3.2', 'M8 11.4v.3'],
  /** Trading halted: pause bars. */
  halted: ['M6 4v8', 'M10 4v8'],
  /** Delisted: a ring crossed out. */
  delisted: ['M8 2.5a5.5 5.5 0 1 1 0 11a5.5 5.5 0 1 1 0-11', 'M4.1 4.1l7.8 7.8'],
  /** The market is closed (overnight, a weekend, a holiday): a crescent moon. */
  closed: ['M10.5 2.8a5.5 5.5 0 1 0 2.7 8.2a4.4 4.4 0 0 1-2.7-8.2z'],
  /** The market pauses (a lunch break): a cup. */
  break: [
    'M3.5 6h7v3.5a3 3 0 0 1-3 3h-1a3 3 0 0 1-3-3z',
    'M10.5 7h1a1.5 1.5 0 0 1 0 3h-1',
    'M5.5 2.5v1.5',
    'M8 2.5v1.5',
  ],
  /** Pre- or post-market: the sun on the horizon. */
  extended: [
    'M2.5 11.5h11',
    'M4.5 11.5a3.5 3.5 0 0 1 7 0',
    'M8 4v1.5',
    'M3.6 6.3l1 1',
    'M12.4 6.3l-1 1',
  ],
  /** A circuit breaker tripped: a lightning bolt. */
  breaker: ['M9 2.5L4.5 9H8l-1 4.5L11.5 7H8z'],
} as const satisfies Record<string, readonly string[]>;

export type StateIconName = keyof typeof STATE_ICONS;

/** The colour a state is drawn in (a theme variable each). */
export type StateTone = 'muted' | 'warn' | 'down';
