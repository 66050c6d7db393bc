/**
 * The quote board's column fit as state: an attachment for the board's table measures
 * it and its room (a ResizeObserver: on a resize or wider numbers, never per push) and
 * moves `level` by the rule of ./column-fit.
 */
import type { Attachment } from 'svelte/attachments';
import { INITIAL_FIT, fitColumns, type FitState } from './column-fit';

export class ColumnFit {
  level = $state(0);
  #state: FitState = INITIAL_FIT;

  /** Attach to the table; its parent is the room it has. */
  readonly attach: Attachment<HTMLTableElement> = (table) => {
    const room = table.parentElement;
    if (!room) return;
    const measure = () => {
      this.#state = fitColumns(this.#state, table.offsetWidth, room.clientWidth);
      this.level = this.#state.level;
    };
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    observer.observe(room);
    return () => observer.disconnect();
  };
}
