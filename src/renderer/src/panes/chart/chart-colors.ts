/**
 * The chart's colours, read from the theme's CSS custom properties (canvas
 * drawing cannot use `var(--x)`), re-read when the theme changes.
 */

/** Colours read from the theme's CSS variables. */
export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  overlays: readonly string[];
  /** The compared symbols' lines: the theme's `--compare-N`, apart from studies and drawings. */
  compare: readonly string[];
  /** News markers on the bars. */
  news: string;
  /** Splits and the IPO: their lines and time-scale labels. */
  event: string;
  /** The shade of pre- and post-market bars. */
  session: string;
  /** The line of a session break. */
  sessionBreak: string;
}

/** How many compare colours the theme defines (`--compare-1` …). */
export const COMPARE_COLORS = 4;

/** Reads chart colours from CSS custom properties on `el`. */
export function readColors(el: HTMLElement): ChartColors {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = v('--up', '#26a69a');
  const down = v('--down', '#ef5350');
  return {
    background: v('--panel', '#111'),
    text: v('--muted', '#999'),
    grid: v('--border', '#222'),
    border: v('--border', '#333'),
    up,
    down,
    upVolume: withAlpha(up, 0.45),
    downVolume: withAlpha(down, 0.45),
    overlays: [v('--accent', '#4c8dff'), v('--warn', '#e0a526'), '#b07cff', '#3fc1c9', '#ff8fab'],
    compare: Array.from({ length: COMPARE_COLORS }, (_, i) => v(`--compare-${i + 1}`, '#ff5fc8')),
    news: v('--accent', '#4c8dff'),
    event: v('--warn', '#e0a526'),
    session: withAlpha(v('--muted', '#999'), 0.1),
    sessionBreak: withAlpha(v('--muted', '#999'), 0.35),
  };
}

/** A colour with an alpha: `#rgb`, `#rrggbb` and `rgb()`; other syntaxes unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    const n = Number.parseInt(h, 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return color;
}
