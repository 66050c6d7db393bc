/**
 * An intraday chart's sessions: the runs of bars traded before or after the regular
 * session (shaded), and the breaks between sessions (a lunch break, the night, a
 * weekend), where one bar follows the last after more than the bar's interval. Pure.
 */

/** Which session a bar's time falls in. */
export type SessionKind = 'pre' | 'regular' | 'post';

/** A run of consecutive bars in one extended session, by index (inclusive). */
export interface SessionBand {
  from: number;
  to: number;
  kind: 'pre' | 'post';
}

export interface SessionMarks {
  bands: SessionBand[];
  /** Indexes of the bars that open after a break (the line is drawn before them). */
  breaks: number[];
}

export const NO_SESSION_MARKS: SessionMarks = { bands: [], breaks: [] };

/**
 * The bands and breaks of `bars` (ascending) at `intervalMs` per bar. `sessionOf`
 * answers a bar's session (null: the market has no extended sessions, so nothing is
 * shaded and it is never asked).
 */
export function sessionMarks(
  bars: readonly { time: number }[],
  intervalMs: number,
  sessionOf: ((time: number) => SessionKind) | null,
): SessionMarks {
  const bands: SessionBand[] = [];
  const breaks: number[] = [];
  let open: SessionBand | null = null;
  for (let i = 0; i < bars.length; i++) {
    const time = bars[i]!.time;
    const gap = i > 0 && time - bars[i - 1]!.time > intervalMs;
    if (gap) breaks.push(i);
    const kind = sessionOf ? sessionOf(time) : 'regular';
    if (kind === 'regular') {
      open = null;
      continue;
    }
    if (open && open.kind === kind && !gap) {
      open.to = i;
    } else {
      open = { from: i, to: i, kind };
      bands.push(open);
    }
  }
  return { bands, breaks };
}
