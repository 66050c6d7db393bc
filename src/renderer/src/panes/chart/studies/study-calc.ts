/**
 * Computes a chart's studies over its candles. `full` steps every bar once through
 * fresh indicators (load, paging, trimming); `step` takes the newest bar only —
 * the forming candle replaced in the indicators, a new bar added — so a live tick
 * costs O(1) per study, not O(history). Values are kept index-aligned with the
 * candles, one array of numbers per output (NaN: none at that bar): the chart draws
 * them from there (study-layers.ts) and the legend reads them at the crosshair.
 */
import type { Candle } from '../../../../../shared/model';
import type { StudyConfig } from '../../../workspace/chart/study-config';
import { STUDY_TABLE, type StudyStepper } from './study-table';

/** The id of one output line of a study: "rsi1:rsi", "bb1:upper". */
export const outputId = (studyId: string, key: string) => `${studyId}:${key}`;

/** No study values (no studies). */
export const NO_VALUES: ReadonlyMap<string, number | null> = new Map();

/** Where a chart's study values are: the candles they were computed over, and per output id its values. */
export interface StudySource {
  readonly candles: readonly Candle[];
  /** Index-aligned with `candles`; NaN where the study has no value yet. */
  values(id: string): readonly number[] | undefined;
}

interface Running {
  ids: string[];
  /** The value arrays of `ids`, in the same order. */
  columns: number[][];
  stepper: StudyStepper;
}

export class StudyCalc implements StudySource {
  readonly studies: readonly StudyConfig[];
  #running: Running[] = [];
  /** Per output id, values by candle index (NaN: none). */
  #values = new Map<string, number[]>();
  #candles: readonly Candle[] = [];
  /** Time of the last bar stepped (ms); -Infinity before any. */
  #last = Number.NEGATIVE_INFINITY;

  /** `studies`: the visible ones are computed. */
  constructor(studies: readonly StudyConfig[]) {
    this.studies = studies.filter((s) => s.visible);
  }

  get candles(): readonly Candle[] {
    return this.#candles;
  }

  values(id: string): readonly number[] | undefined {
    return this.#values.get(id);
  }

  /** Every output over the whole series, from fresh indicators. */
  full(candles: readonly Candle[]): void {
    this.#candles = candles;
    this.#values = new Map();
    this.#running = this.studies.map((study) => {
      const ids = STUDY_TABLE[study.kind].outputs.map((o) => outputId(study.id, o.key));
      const columns = ids.map((id) => {
        const column: number[] = [];
        this.#values.set(id, column);
        return column;
      });
      return { ids, columns, stepper: STUDY_TABLE[study.kind].create(study.params) };
    });
    for (const r of this.#running) {
      const { columns, stepper } = r;
      for (let i = 0; i < candles.length; i++) {
        const values = stepper.step(candles[i]!, false);
        for (let j = 0; j < columns.length; j++) columns[j]!.push(values[j] ?? Number.NaN);
      }
    }
    this.#last = candles.at(-1)?.time ?? Number.NEGATIVE_INFINITY;
  }

  /**
   * Steps the bar at index `i` of `candles` (the series `full` was given, grown or
   * changed in place), the newest: the last bar stepped again (replace) or the next
   * one. False when it is older than the last bar stepped: the caller must compute
   * `full` again.
   */
  step(candles: readonly Candle[], i: number): boolean {
    const c = candles[i]!;
    if (c.time < this.#last) return false;
    const replace = c.time === this.#last;
    this.#last = c.time;
    this.#candles = candles;
    for (const { columns, stepper } of this.#running) {
      const values = stepper.step(c, replace);
      for (let j = 0; j < columns.length; j++) {
        const column = columns[j]!;
        column.length = i;
        column.push(values[j] ?? Number.NaN);
      }
    }
    return true;
  }

  /** Every output's value at candle index `i` (null: none there). */
  valuesAt(i: number): Map<string, number | null> {
    const out = new Map<string, number | null>();
    for (const [id, values] of this.#values) {
      const v = values[i];
      out.set(id, v === undefined || Number.isNaN(v) ? null : v);
    }
    return out;
  }
}
