/**
 * The measures a pane kind's floor is summed from: the least width and height at
 * which a pane shows what it shows whole (a ladder's widest price, a board's columns
 * that never drop, a row of buttons). The floors themselves are the pane-kind
 * table's (./pane-kinds `floor`); the layout engine (./layout-fit) adds a slot's
 * frame and never gives a pane less. Each measure is the CSS it stands for, written
 * out, so a change of style is a change here (layout-floors.spec checks the sums
 * against the rendered panes at 1024, 1280 and 1920 px).
 */

/** A width and a height in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** A digit of the mono font at the tables' size (12 px; digits are 0.6 em in mono faces). */
export const DIGIT_PX = 7.2;
/** A letter of the UI font at 12 px, on average (capitals and digits of a code). */
export const LETTER_PX = 7.6;
/** A table cell's padding, both sides (--space-6 each). */
export const CELL_PAD_PX = 12;
/** The pane bar: a row of 20 px controls, 3 px above and below, its border. */
export const PANE_BAR_PX = 27;
/** One row of a table of numbers (.num-table). */
export const ROW_PX = 18;

/** A column of numbers up to `chars` characters ("84,467.47" is 9), with its padding. */
export function numberColumn(chars: number): number {
  return Math.ceil(chars * DIGIT_PX) + CELL_PAD_PX;
}

/** A column of codes or labels up to `chars` characters, with its padding. */
export function textColumn(chars: number): number {
  return Math.ceil(chars * LETTER_PX) + CELL_PAD_PX;
}

/** A row of small buttons (pane-bar style: 11 px text, 4 px padding, 1 px border) of these labels. */
export function buttonRow(labels: readonly string[], gapPx = 2): number {
  const letters = labels.reduce((sum, label) => sum + label.length, 0);
  return Math.ceil(letters * 6.4) + labels.length * 10 + (labels.length - 1) * gapPx;
}

/** The pane bar and `rows` rows of a table under its header row. */
export function tableHeight(rows: number): number {
  return PANE_BAR_PX + ROW_PX * (rows + 1);
}
