/**
 * The two themes as values of THEME_VARIABLES, and the stylesheet that puts them on
 * `:root[data-theme=…]`. Kept in TypeScript so a test can check that both themes
 * define every variable and that text colours keep a 4.5:1 contrast.
 */
import type { Theme } from '../../../shared/model';

/**
 * CSS custom properties every component uses (defined by the workspace theme for
 * dark and light): --bg, --panel, --panel-2, --border, --text, --muted, --accent,
 * --up, --down, --flash-up, --flash-down, --warn, --focus, --font-ui, --font-mono.
 */
export const THEME_VARIABLES = [
  '--bg',
  '--panel',
  '--panel-2',
  '--border',
  '--text',
  '--muted',
  '--accent',
  '--up',
  '--down',
  '--flash-up',
  '--flash-down',
  '--warn',
  '--focus',
  '--compare-1',
  '--compare-2',
  '--compare-3',
  '--compare-4',
  '--font-ui',
  '--font-mono',
] as const;

export type ThemeVariable = (typeof THEME_VARIABLES)[number];

const FONT_UI = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const FONT_MONO =
  "ui-monospace, 'SF Mono', 'Cascadia Mono', 'JetBrains Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace";

export const THEMES: Record<Theme, Record<ThemeVariable, string>> = {
  dark: {
    '--bg': '#0b0e13',
    '--panel': '#11151c',
    '--panel-2': '#1a2029',
    '--border': '#2b3340',
    '--text': '#d8dde6',
    '--muted': '#939dad',
    '--accent': '#5aa8ff',
    '--up': '#2fcf86',
    '--down': '#ff6b6b',
    '--flash-up': 'rgba(47, 207, 134, 0.28)',
    '--flash-down': 'rgba(255, 107, 107, 0.28)',
    '--warn': '#f2b63c',
    '--focus': '#7cbcff',
    // The compare lines' own palette: hues no study default (blue, amber, violet, teal,
    // orange) nor drawing colour (blue, orange, red, green, purple, grey) takes.
    '--compare-1': '#ff5fc8',
    '--compare-2': '#b5e61d',
    '--compare-3': '#f2f2f2',
    '--compare-4': '#d2a679',
    '--font-ui': FONT_UI,
    '--font-mono': FONT_MONO,
  },
  light: {
    '--bg': '#eef1f5',
    '--panel': '#ffffff',
    '--panel-2': '#f2f4f7',
    '--border': '#c9d1dc',
    '--text': '#161b22',
    '--muted': '#566070',
    '--accent': '#0a5bd3',
    '--up': '#067a45',
    '--down': '#c0262d',
    '--flash-up': 'rgba(6, 122, 69, 0.16)',
    '--flash-down': 'rgba(192, 38, 45, 0.16)',
    '--warn': '#8a5300',
    '--focus': '#0a5bd3',
    '--compare-1': '#c2187f',
    '--compare-2': '#5b8a00',
    '--compare-3': '#1b1f24',
    '--compare-4': '#7a1fa2',
    '--font-ui': FONT_UI,
    '--font-mono': FONT_MONO,
  },
};

/** The stylesheet defining both themes (dark is also the default). */
export function themeCss(): string {
  const block = (theme: Theme) =>
    Object.entries(THEMES[theme])
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n');
  return [
    `:root, :root[data-theme='dark'] {\n${block('dark')}\n  color-scheme: dark;\n}`,
    `:root[data-theme='light'] {\n${block('light')}\n  color-scheme: light;\n}`,
  ].join('\n');
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
