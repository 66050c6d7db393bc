/**
 * How the command line prints: aligned tables for people (colour on a TTY only) and
 * exactly one JSON document with `--json`.
 */
import { styleText } from 'node:util';

export type Align = 'left' | 'right';

export interface Column<T> {
  header: string;
  align?: Align;
  value(row: T): string;
  /** Optional colour for a cell, e.g. green for a rise. Applied only on a TTY. */
  color?(row: T): 'green' | 'red' | 'yellow' | 'gray' | undefined;
}

/** Where the command line writes; injectable so tests capture output. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** True when stdout is a terminal (colours allowed). */
  isTTY: boolean;
}

export const processOutput = (): Output => ({
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
});

/**
 * Colours text. The caller has already decided colour is wanted (its `Output.isTTY`), so
 * styleText must not second-guess it against the real process.stdout (tests, pipes).
 */
const paint = (format: Parameters<typeof styleText>[0], text: string): string =>
  styleText(format, text, { validateStream: false });

/** Renders rows as an aligned table; an empty list renders the header only. */
export function renderTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  tty: boolean,
): string {
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const widths = columns.map((c, i) =>
    Math.max(c.header.length, ...cells.map((r) => r[i]!.length)),
  );
  const pad = (text: string, i: number) =>
    columns[i]!.align === 'right' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const header = columns
    .map((c, i) => pad(c.header, i))
    .join('  ')
    .trimEnd();
  const lines = [tty ? paint('bold', header) : header];
  rows.forEach((row, r) => {
    const line = columns.map((c, i) => {
      const text = pad(cells[r]![i]!, i);
      const color = tty ? c.color?.(row) : undefined;
      return color ? paint(color, text) : text;
    });
    lines.push(line.join('  ').trimEnd());
  });
  return lines.join('\n') + '\n';
}

/** One JSON document, pretty-printed, newline-terminated. */
export const renderJson = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

/** Unix ms → ISO 8601 in UTC without milliseconds noise, e.g. 2026-11-20T14:30:00Z. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0) return '-';
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export const signColor = (n: number | null): 'green' | 'red' | undefined =>
  n === null || n === 0 ? undefined : n > 0 ? 'green' : 'red';
