import { describe, expect, it } from 'vitest';
import type { Rect } from './window-state';
import {
  centredIn,
  clampToDisplays,
  DEFAULT_SIZES,
  initialWindowState,
  overlapArea,
  parseWindowStateFile,
  isShownOnDisplays,
  refitToDisplays,
} from './window-state';

const primary: Rect = { x: 0, y: 25, width: 1920, height: 1055 };
const right: Rect = { x: 1920, y: 0, width: 1280, height: 1024 };

describe('parseWindowStateFile', () => {
  it('reads a valid file', () => {
    const file = parseWindowStateFile({
      version: 1,
      windows: {
        main: { bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: true },
        popout: { bounds: { x: -5.4, y: 7.6, width: 640.2, height: 480 }, maximized: false },
      },
    });
    expect(file.windows.main).toEqual({
      bounds: { x: 10, y: 20, width: 1200, height: 800 },
      maximized: true,
    });
    expect(file.windows.popout?.bounds).toEqual({ x: -5, y: 8, width: 640, height: 480 });
  });

  it('drops malformed entries and unknown versions instead of throwing', () => {
    const bad = [
      null,
      42,
      'x',
      [],
      {
        version: 2,
        windows: { main: { bounds: { x: 0, y: 0, width: 9, height: 9 }, maximized: false } },
      },
      { version: 1 },
      { version: 1, windows: null },
    ];
    for (const json of bad) expect(parseWindowStateFile(json)).toEqual({ version: 1, windows: {} });
    const partial = parseWindowStateFile({
      version: 1,
      windows: {
        main: { bounds: { x: 0, y: 0, width: 0, height: 100 }, maximized: false },
        popout: { bounds: { x: 'a', y: 0, width: 100, height: 100 }, maximized: false },
        other: { bounds: { x: 0, y: 0, width: 100, height: 100 }, maximized: false },
      },
    });
    expect(partial.windows).toEqual({});
    const nonFinite = parseWindowStateFile({
      version: 1,
      windows: { main: { bounds: { x: Infinity, y: 0, width: 10, height: 10 }, maximized: false } },
    });
    expect(nonFinite.windows).toEqual({});
    const noFlag = parseWindowStateFile({
      version: 1,
      windows: { main: { bounds: { x: 0, y: 0, width: 10, height: 10 } } },
    });
    expect(noFlag.windows).toEqual({});
  });
});

describe('geometry helpers', () => {
  it('measures overlap', () => {
    expect(
      overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 }),
    ).toBe(25);
    expect(
      overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 }),
    ).toBe(0);
  });

  it('centres and shrinks to fit', () => {
    expect(centredIn(primary, { width: 1000, height: 500 })).toEqual({
      x: 460,
      y: 302,
      width: 1000,
      height: 500,
    });
    expect(
      centredIn({ x: 0, y: 0, width: 800, height: 600 }, { width: 1440, height: 900 }),
    ).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 600,
    });
  });
});

describe('clampToDisplays', () => {
  const size = DEFAULT_SIZES.main;

  it('keeps bounds that are fully visible', () => {
    const bounds = { x: 100, y: 100, width: 1200, height: 800 };
    expect(clampToDisplays(bounds, [primary, right], size)).toEqual(bounds);
    const onRight = { x: 2000, y: 50, width: 1000, height: 700 };
    expect(clampToDisplays(onRight, [primary, right], size)).toEqual(onRight);
  });

  it('moves a window that hangs off a display fully onto the display it overlaps most', () => {
    expect(
      clampToDisplays({ x: 1200, y: -200, width: 1000, height: 700 }, [primary, right], size),
    ).toEqual({
      x: 920,
      y: 25,
      width: 1000,
      height: 700,
    });
  });

  it('shrinks a window larger than its display', () => {
    expect(
      clampToDisplays({ x: 1900, y: 0, width: 3000, height: 2000 }, [primary, right], size),
    ).toEqual(right);
  });

  it('recentres on the primary display when the saved display is gone', () => {
    const saved = { x: 4000, y: 100, width: 1000, height: 700 };
    expect(clampToDisplays(saved, [primary], size)).toEqual(centredIn(primary, size));
  });

  it('uses the default size, centred, when nothing was saved', () => {
    expect(clampToDisplays(null, [primary, right], size)).toEqual(centredIn(primary, size));
  });
});

describe('initialWindowState', () => {
  const file = parseWindowStateFile({
    version: 1,
    windows: { main: { bounds: { x: 5000, y: 0, width: 800, height: 600 }, maximized: true } },
  });

  it('restores the saved state clamped, keeping the maximised flag', () => {
    const state = initialWindowState(file, 'main', [primary]);
    expect(state.maximized).toBe(true);
    expect(state.bounds).toEqual(centredIn(primary, DEFAULT_SIZES.main));
  });

  it('opens a kind with no saved state at its default size', () => {
    expect(initialWindowState(file, 'popout', [primary])).toEqual({
      bounds: centredIn(primary, DEFAULT_SIZES.popout),
      maximized: false,
    });
  });

  it('honours a requested size, centred', () => {
    expect(initialWindowState(file, 'popout', [primary], { width: 500, height: 400 })).toEqual({
      bounds: centredIn(primary, { width: 500, height: 400 }),
      maximized: false,
    });
  });
});

describe('isShownOnDisplays and refitToDisplays', () => {
  const left = { x: 0, y: 0, width: 1920, height: 1080 };
  const right = { x: 1920, y: 0, width: 2560, height: 1440 };

  it('leaves a window whose title bar a display still shows where the user put it', () => {
    const straddling = { x: 1800, y: 100, width: 1000, height: 700 };
    expect(isShownOnDisplays(straddling, [left, right])).toBe(true);
    expect(refitToDisplays(straddling, [left], DEFAULT_SIZES.main)).toBeNull();
    // Mostly off the left edge, but 100 px of its title bar still on the display.
    expect(
      refitToDisplays({ x: -900, y: 50, width: 1000, height: 600 }, [left], DEFAULT_SIZES.main),
    ).toBeNull();
  });

  it('brings back a window from an unplugged monitor, fitted to the remaining one', () => {
    const onRight = { x: 2400, y: 200, width: 1200, height: 800 };
    expect(isShownOnDisplays(onRight, [left])).toBe(false);
    expect(refitToDisplays(onRight, [left], DEFAULT_SIZES.main)).toEqual(
      centredIn(left, DEFAULT_SIZES.main),
    );
  });

  it('brings back a window whose title bar is off the top, though its body shows', () => {
    const titleAbove = { x: 100, y: -40, width: 800, height: 600 };
    expect(isShownOnDisplays(titleAbove, [left])).toBe(false);
    expect(refitToDisplays(titleAbove, [left], DEFAULT_SIZES.popout)).toEqual({
      x: 100,
      y: 0,
      width: 800,
      height: 600,
    });
  });

  it('needs only a sliver of a narrow window’s whole title bar', () => {
    expect(isShownOnDisplays({ x: 1900, y: 0, width: 40, height: 400 }, [left])).toBe(false);
    expect(isShownOnDisplays({ x: 1880, y: 0, width: 40, height: 400 }, [left])).toBe(true);
  });
});
