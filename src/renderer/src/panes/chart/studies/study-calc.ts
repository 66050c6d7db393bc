/**
 * Computes a chart's studies over its candles. `full` steps every bar once through
 * fresh indicators (load, paging, trimming); `step` takes the newest bar only —
 * the forming candle replaced in the indicators, a new bar added — so a live tick
 * costs O(1) per study, not O(history). Values are kept index-aligned with the
 * candles for the legend at the crosshair.
 */
import type { Candle } from '../../../../../shared/model';
import type { StudyConfig } from './study-config';
import { STUDY_TABLE, type StudyStepper } from './study-table';

/** A point of a study line: time in ms. */
export interface StudyPoint {
  time: number;
  value: number;
}

/** The id of one output line of a study: "rsi1:rsi", "bb1:upper". */
export const outputId = (studyId: string, key: string) => `${studyId}:${key}`;

/** No study values (no studies). */
export const NO_VALUES: ReadonlyMap<string, number | null> = new Map();

interface Running {
  study: StudyConfig;
  ids: string[];
  stepper: StudyStepper;
}

export class StudyCalc {
  readonly studies: readonly StudyConfig[];
  #running: Running[] = [];
  /** Per output id, values by candle index (NaN: none). */
  #values = new Map<string, number[]>();
  /** Time of the last bar stepped (ms); -Infinity before any. */
  #last = Number.NEGATIVE_INFINITY;

  /** `studies`: the visible ones are computed. */
  constructor(studies: readonly StudyConfig[]) {
    this.studies = studies.filter((s) => s.visible);
  }

  #start(): void {
    this.#running = this.studies.map((study) => ({
      study,
      ids: STUDY_TABLE[study.kind].outputs.map((o) => outputId(study.id, o.key)),
      stepper: STUDY_TABLE[study.kind].create(study.params),
    }));
    this.#values = new Map(this.#running.flatMap((r) => r.ids.map((id) => [id, []])));
    this.#last = Number.NEGATIVE_INFINITY;
  }

  /** Every output over the whole series, from fresh indicators. */
  full(candles: readonly Candle[]): Map<string, StudyPoint[]> {
    this.#start();
    const out = new Map<string, StudyPoint[]>();
    for (const r of this.#running) for (const id of r.ids) out.set(id, []);
    if (this.#running.length === 0) return out;
    for (let i = 0; i < candles.length; i++) {
      const c = candles[i]!;
      for (const r of this.#running) {
        const values = r.stepper.step(c, false);
        for (let j = 0; j < r.ids.length; j++) {
          const v = values[j] ?? null;
          this.#values.get(r.ids[j]!)!.push(v ?? Number.NaN);
          if (v !== null) out.get(r.ids[j]!)!.push({ time: c.time, value: v });
        }
      }
    }
    this.#last = candles.at(-1)?.time ?? Number.NEGATIVE_INFINITY;
    return out;
  }

  /**
   * Steps the bar at index `i`, the newest: the last bar stepped again (replace) or
   * the next one. Null when it is older than the last bar stepped: the caller
   * must compute `full` again.
   */
  step(candles: readonly Candle[], i: number): Map<string, StudyPoint | null> | null {
    const c = candles[i]!;
    if (c.time < this.#last) return null;
    const replace = c.time === this.#last;
    this.#last = c.time;
    const out = new Map<string, StudyPoint | null>();
    for (const r of this.#running) {
      const values = r.stepper.step(c, replace);
      for (let j = 0; j < r.ids.length; j++) {
        const v = values[j] ?? null;
        const arr = this.#values.get(r.ids[j]!)!;
        arr.length = i;
        arr.push(v ?? Number.NaN);
        out.set(r.ids[j]!, v === null ? null : { time: c.time, value: v });
      }
    }
    return out;
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
