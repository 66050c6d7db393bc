/**
 * How `marketdesk watch` shows what streams in. Three forms, chosen once:
 * - `--json`: NDJSON, one update a line, each a stream push (`type`, `instrument`, the
 *   record) with its provenance (`source`, `via`, `receivedAt`);
 * - stdout a terminal: the command's table (the same one `marketdesk quotes` prints),
 *   redrawn in place at most every {@link REDRAW_MS}, with a status line beneath;
 * - otherwise (a pipe, a file): one appended line per update under one header line.
 */
import { stripVTControlCharacters } from 'node:util';
import type { StreamPush } from '../../core/stream';
import type { DataSourceId, UnixMs } from '../../shared/model';
import type { Output } from '../output';

/** Where an update came from: the first (or a refreshing) REST snapshot, or the stream. */
export type Via = 'rest' | 'stream';

/** One record to show. */
export interface WatchUpdate {
  push: StreamPush;
  via: Via;
  receivedAt: UnixMs;
}

/** A table of the latest record per code, as the batch commands print one. */
export type TableOf = (records: Record<string, unknown>, tty: boolean) => string;

export interface WatchViewOptions {
  io: Output;
  json: boolean;
  source: DataSourceId;
  /** The codes in the order asked: the table's row order. */
  codes: readonly string[];
  /** The live table (a terminal). */
  table: TableOf;
  /** The table one appended line is cut from (a pipe). */
  lineTable: TableOf;
  /** A one-line note on stderr (`marketdesk: …`). */
  note(text: string): void;
  /** The terminal's size, for redrawing in place; default stdout's. */
  size?: () => { columns: number; rows: number };
}

/** Least time between two redraws of the live table. */
export const REDRAW_MS = 100;

/** The record a push carries. */
export function recordOf(push: StreamPush): unknown {
  switch (push.type) {
    case 'quote':
      return push.quote;
    case 'depth':
      return push.depth;
    case 'tick':
      return push.tick;
  }
}

/** Physical terminal rows `text` takes at `columns` (long lines wrap). */
function rowsOf(lines: readonly string[], columns: number): number {
  const width = (l: string) => stripVTControlCharacters(l).length;
  return lines.reduce((n, l) => n + Math.max(1, Math.ceil(width(l) / Math.max(1, columns))), 0);
}

export class WatchView {
  readonly #o: WatchViewOptions;
  readonly #mode: 'json' | 'table' | 'lines';
  readonly #latest = new Map<string, unknown>();
  #status = '';
  #updates = 0;
  #headerShown = false;
  /** Rows the last frame took, to move back over. */
  #drawnRows = 0;
  #timer: NodeJS.Timeout | null = null;
  #lastDraw = -Infinity;

  constructor(options: WatchViewOptions) {
    this.#o = options;
    this.#mode = options.json ? 'json' : options.io.isTTY ? 'table' : 'lines';
  }

  /** Shows one record. */
  update({ push, via, receivedAt }: WatchUpdate): void {
    const { io, source } = this.#o;
    const code = push.instrument.code;
    const record = recordOf(push);
    if (via === 'stream') this.#updates++;
    if (this.#mode === 'json') {
      const { type, instrument } = push;
      const line = { receivedAt, source, via, type, instrument, [type]: record };
      io.out(`${JSON.stringify(line)}\n`);
      return;
    }
    this.#latest.set(code, record);
    if (this.#mode === 'table') return this.#schedule();
    // Cut from a table of every code's latest record, so lines of different codes align.
    const shown = this.#shown();
    const lines = this.#o.lineTable(shown, false).split('\n');
    if (!this.#headerShown) io.out(`${lines[0]}\n`);
    this.#headerShown = true;
    io.out(`${lines[1 + Object.keys(shown).indexOf(code)]}\n`);
  }

  /** The latest record of each code, in the order asked. */
  #shown(): Record<string, unknown> {
    const shown: Record<string, unknown> = {};
    for (const code of this.#o.codes)
      if (this.#latest.has(code)) shown[code] = this.#latest.get(code);
    return shown;
  }

  /** Says where the stream stands: the live table's status line, else a note on stderr. */
  status(text: string, noteIt: boolean): void {
    if (text === this.#status) return;
    this.#status = text;
    if (this.#mode === 'table') this.#schedule();
    else if (noteIt) this.#o.note(text);
  }

  /** Draws what is pending and stops drawing. */
  close(): void {
    if (this.#timer === null) return;
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#draw();
  }

  #schedule(): void {
    if (this.#timer !== null) return;
    const wait = Math.max(0, this.#lastDraw + REDRAW_MS - performance.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#draw();
    }, wait);
  }

  #draw(): void {
    this.#lastDraw = performance.now();
    const { io, source } = this.#o;
    const { columns, rows } = (this.#o.size ?? stdoutSize)();
    const table =
      this.#latest.size > 0 ? this.#o.table(this.#shown(), true).trimEnd().split('\n') : [];
    const from = source === 'demo' ? 'demo data' : source.slice('live:'.length);
    const footer = [
      from,
      this.#status,
      `${this.#updates} ${this.#updates === 1 ? 'update' : 'updates'}`,
      'Ctrl+C stops',
    ]
      .filter((s) => s !== '')
      .join(' · ');
    // A frame taller than the terminal could not be moved back over: cut it to fit.
    const room = Math.max(1, rows - 2);
    const body =
      table.length > room
        ? [
            ...table.slice(0, room - 1),
            `… (a taller window shows ${table.length - room + 1} more lines)`,
          ]
        : table;
    const lines = [...body, footer];
    const back = this.#drawnRows > 0 ? `\r\x1b[${this.#drawnRows}A\x1b[J` : '';
    io.out(`${back}${lines.join('\n')}\n`);
    this.#drawnRows = rowsOf(lines, columns);
  }
}

const stdoutSize = () => ({
  columns: process.stdout.columns || 80,
  rows: process.stdout.rows || 24,
});
