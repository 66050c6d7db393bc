/**
 * Window geometry remembered between runs, per window kind (the main window, and the
 * size and place the last pop-out had). Pure: parse (never trust the file), and
 * clamp saved bounds to the displays present now, so a window saved on a monitor that
 * has since been unplugged does not open off-screen; and, while running, bring back a
 * window whose title bar no display shows any more (refitToDisplays, on the screen's
 * display-removed and display-metrics-changed events).
 */

/** Which window a saved state belongs to. */
export type WindowKind = 'main' | 'popout';

export const WINDOW_KINDS: readonly WindowKind[] = ['main', 'popout'];

/** A rectangle in screen coordinates (device-independent pixels). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of one window. */
export interface WindowState {
  /** The normal (restored) bounds, also when the window was maximised. */
  bounds: Rect;
  maximized: boolean;
}

/** The file's content: version and one optional state per window kind. */
export interface WindowStateFile {
  version: 1;
  windows: Partial<Record<WindowKind, WindowState>>;
}

/** Smallest window the app opens (the layout needs at least this much). */
export const MIN_WINDOW_SIZE = { width: 480, height: 320 } as const;
/** Sizes past this are junk, not monitors. */
const MAX_COORDINATE = 100_000;

/** Default sizes per kind, centred on the primary display when nothing valid is saved. */
export const DEFAULT_SIZES: Readonly<Record<WindowKind, { width: number; height: number }>> = {
  main: { width: 1440, height: 900 },
  popout: { width: 720, height: 520 },
};

function isFiniteInRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

function parseRect(value: unknown): Rect | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (
    !isFiniteInRange(r['x'], -MAX_COORDINATE, MAX_COORDINATE) ||
    !isFiniteInRange(r['y'], -MAX_COORDINATE, MAX_COORDINATE) ||
    !isFiniteInRange(r['width'], 1, MAX_COORDINATE) ||
    !isFiniteInRange(r['height'], 1, MAX_COORDINATE)
  ) {
    return null;
  }
  return {
    x: Math.round(r['x']),
    y: Math.round(r['y']),
    width: Math.round(r['width']),
    height: Math.round(r['height']),
  };
}

function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<string, unknown>;
  const bounds = parseRect(s['bounds']);
  if (!bounds || typeof s['maximized'] !== 'boolean') return null;
  return { bounds, maximized: s['maximized'] };
}

/**
 * Reads the saved file's parsed JSON leniently: an unknown version or a malformed
 * entry yields no state for that kind (the window opens at its default), never an
 * exception.
 */
export function parseWindowStateFile(json: unknown): WindowStateFile {
  const empty: WindowStateFile = { version: 1, windows: {} };
  if (typeof json !== 'object' || json === null) return empty;
  const file = json as Record<string, unknown>;
  if (file['version'] !== 1) return empty;
  const windows = file['windows'];
  if (typeof windows !== 'object' || windows === null) return empty;
  const result: WindowStateFile = { version: 1, windows: {} };
  for (const kind of WINDOW_KINDS) {
    const state = parseWindowState((windows as Record<string, unknown>)[kind]);
    if (state) result.windows[kind] = state;
  }
  return result;
}

/** Area of the overlap of two rectangles (0 when they do not touch). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A rectangle of the given size centred in `area`, shrunk to fit it. */
export function centredIn(area: Rect, size: { width: number; height: number }): Rect {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

const clamp = (value: number, min: number, max: number): number =>
  Math.max(min, Math.min(value, max));

/**
 * Fits saved bounds to the displays present now. `workAreas` lists every display's
 * work area, the primary first. The window goes to the display it overlaps most,
 * shrunk to fit and moved fully inside; bounds that overlap no display at all are
 * dropped for the default size centred on the primary display.
 */
export function clampToDisplays(
  bounds: Rect | null,
  workAreas: readonly Rect[],
  defaultSize: { width: number; height: number },
): Rect {
  const primary = workAreas[0];
  if (!primary) {
    // No display information (should not happen): keep what we have, or the default.
    return bounds ?? { x: 0, y: 0, ...defaultSize };
  }
  if (!bounds) return centredIn(primary, defaultSize);
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const overlap = overlapArea(bounds, area);
    if (overlap > bestArea) {
      best = area;
      bestArea = overlap;
    }
  }
  if (!best) return centredIn(primary, defaultSize);
  const width = clamp(bounds.width, Math.min(MIN_WINDOW_SIZE.width, best.width), best.width);
  const height = clamp(bounds.height, Math.min(MIN_WINDOW_SIZE.height, best.height), best.height);
  return {
    x: clamp(bounds.x, best.x, best.x + best.width - width),
    y: clamp(bounds.y, best.y, best.y + best.height - height),
    width,
    height,
  };
}

/** The bounds and maximised flag a window of `kind` opens with. */
export function initialWindowState(
  file: WindowStateFile,
  kind: WindowKind,
  workAreas: readonly Rect[],
  requestedSize?: { width: number; height: number },
): WindowState {
  const saved = file.windows[kind];
  const size = requestedSize ?? saved?.bounds ?? DEFAULT_SIZES[kind];
  if (!saved || requestedSize) {
    return { bounds: clampToDisplays(null, workAreas, size), maximized: false };
  }
  return {
    bounds: clampToDisplays(saved.bounds, workAreas, DEFAULT_SIZES[kind]),
    maximized: saved.maximized,
  };
}

/** The strip along a window's top that must stay on a display (its title bar). */
export const TITLE_BAR = { height: 32, minVisibleWidth: 64, minVisibleHeight: 16 } as const;

/**
 * True when a display still shows the window enough to grab it: its title bar overlaps
 * one work area by at least 64 × 16 px (the whole bar when the window is narrower).
 */
export function isShownOnDisplays(bounds: Rect, workAreas: readonly Rect[]): boolean {
  const bar = { ...bounds, height: Math.min(TITLE_BAR.height, bounds.height) };
  const needWidth = Math.min(TITLE_BAR.minVisibleWidth, bar.width);
  const needHeight = Math.min(TITLE_BAR.minVisibleHeight, bar.height);
  return workAreas.some((area) => {
    const w = Math.min(bar.x + bar.width, area.x + area.width) - Math.max(bar.x, area.x);
    const h = Math.min(bar.y + bar.height, area.y + area.height) - Math.max(bar.y, area.y);
    return w >= needWidth && h >= needHeight;
  });
}

/**
 * Where an open window goes after the displays changed (a monitor unplugged, a
 * resolution changed): null when it is still shown (left where the user put it), else
 * the bounds fitted to the display it overlaps most, or centred on the primary one.
 */
export function refitToDisplays(
  bounds: Rect,
  workAreas: readonly Rect[],
  defaultSize: { width: number; height: number },
): Rect | null {
  if (workAreas.length === 0 || isShownOnDisplays(bounds, workAreas)) return null;
  return clampToDisplays(bounds, workAreas, defaultSize);
}
