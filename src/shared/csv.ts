/**
 * CSV text (RFC 4180 quoting) for every export: the command line's candles, the quote
 * board's watchlist, a chart's candles. A field is quoted when it holds a comma, a
 * double quote (doubled inside), a line break, or space at either end; numbers are
 * written as JavaScript writes them (no grouping, `.` for decimals), or as the caller
 * formatted them to the precision shown. Lines end with `\n`.
 *
 * A text cell a spreadsheet would read as a formula — one beginning with `=`, `+`, `-`,
 * `@`, a tab or a carriage return — is written with a leading `'`, which spreadsheet
 * programs show as text and do not evaluate (the OWASP advice for CSV injection): a
 * name or exchange from the service, or a code from a hand-edited file, can never run
 * `=CMD|' /C CALC'!A0` on the user's machine. A cell that is a plain number (`-1.57`,
 * as the board formats it) is a number, not a formula, and stays as it is.
 */

/** A cell: text, a number, or nothing (an empty field). */
export type CsvCell = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** The first characters by which a spreadsheet takes a cell for a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number, as this app writes one: `-1.57`, `0.5`, `1e-7`. */
const PLAIN_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** The text with a leading `'` when a spreadsheet would run it as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One field, neutralised when a spreadsheet would take it for a formula, quoted when it
 * must be. A number that is not finite is an empty field.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line: the fields joined by commas, with its line break. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\n';
}

/** A whole document: a header row, then the rows. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  let text = csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}

/**
 * Parses CSV text back into rows of fields (quoted fields may hold commas, quotes and
 * line breaks). For tests and imports; throws on an unterminated quote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
