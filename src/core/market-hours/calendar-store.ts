/**
 * The market calendars the service gave, kept as `market-calendars.json` in the data
 * folder through the one JSON store (`core/store`), per source (demo and live never mix)
 * and region, with when each was fetched: offline, or before the day's fetch, a market's
 * state is still read from its calendar, marked as stored. Not in the SQLite cache: a
 * calendar is a small document per region, asked once a day.
 */
import type { DataSourceId, UnixMs } from '../../shared/model';
import { JsonFileStore, type JsonFileVerdict } from '../store/json-file-store';

export const CALENDARS_FILE_NAME = 'market-calendars.json';
export const CALENDARS_FILE_VERSION = 1;
/** Some 30 regions × 3 years of holidays, a few hundred bytes each, per source: 1 MiB is room to spare. */
export const CALENDARS_MAX_BYTES = 1024 * 1024;

/** One region's calendar as fetched: opaque here (the reader checks it when it is used). */
export interface StoredCalendar {
  fetchedAt: UnixMs;
  calendar: unknown;
}

/** Calendars by source, then region. */
export type StoredCalendars = Partial<Record<DataSourceId, Record<string, StoredCalendar>>>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readCalendars(raw: Record<string, unknown>): JsonFileVerdict<StoredCalendars> {
  if (!isObject(raw.sources)) return { ok: false, problem: 'its "sources" is not an object' };
  const out: StoredCalendars = {};
  let dropped = 0;
  for (const [source, regions] of Object.entries(raw.sources)) {
    if (!isObject(regions)) {
      dropped++;
      continue;
    }
    const kept: Record<string, StoredCalendar> = {};
    for (const [region, entry] of Object.entries(regions)) {
      if (isObject(entry) && typeof entry.fetchedAt === 'number' && entry.calendar !== undefined) {
        kept[region] = { fetchedAt: entry.fetchedAt, calendar: entry.calendar };
      } else dropped++;
    }
    out[source as DataSourceId] = kept;
  }
  return dropped === 0
    ? { ok: true, value: out }
    : { ok: true, value: out, damaged: `${dropped} stored market calendars were unreadable` };
}

/** Where calendars are kept: the file, or memory. */
export interface CalendarKeeper {
  get(source: DataSourceId, region: string): StoredCalendar | null;
  /**
   * Null when kept (a keeper that writes later reports a failed write itself); else why
   * the write failed (the calendar still serves this session).
   */
  put(source: DataSourceId, region: string, entry: StoredCalendar): string | null;
}

/**
 * How long after a calendar is kept the file is written: the calendars of a first start
 * come as its first quotes do, and a write (with its fsync) then held the quotes back;
 * the regions kept meanwhile go in one write.
 */
export const CALENDARS_WRITE_DELAY_MS = 2_000;

/**
 * Reads and writes `market-calendars.json`; never throws on load. A kept calendar serves
 * at once and is written `writeDelayMs` later (`flush()` writes what waits now: call it
 * before closing); a write that fails goes to `onError`, and the calendar still serves
 * this session.
 */
export class CalendarStore implements CalendarKeeper {
  readonly #file: JsonFileStore<StoredCalendars>;
  readonly #onError: (message: string) => void;
  readonly #delay: number;
  #value: StoredCalendars | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: {
    folder: string;
    now?: () => UnixMs;
    onError?: (message: string) => void;
    writeDelayMs?: number;
  }) {
    this.#onError = options.onError ?? (() => undefined);
    this.#delay = options.writeDelayMs ?? CALENDARS_WRITE_DELAY_MS;
    this.#file = new JsonFileStore<StoredCalendars>({
      folder: options.folder,
      name: CALENDARS_FILE_NAME,
      what: 'the stored market calendars',
      version: CALENDARS_FILE_VERSION,
      maxBytes: CALENDARS_MAX_BYTES,
      empty: () => ({}),
      read: readCalendars,
      body: (sources) => ({ sources }),
      fallback: 'fetching them again',
      now: options.now,
    });
  }

  /** The region's stored calendar of `source`, if any. */
  get(source: DataSourceId, region: string): StoredCalendar | null {
    return this.#all()[source]?.[region] ?? null;
  }

  /** Keeps a region's calendar; the file is written shortly (see the class). */
  put(source: DataSourceId, region: string, entry: StoredCalendar): string | null {
    const all = this.#all();
    all[source] = { ...all[source], [region]: entry };
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), this.#delay);
      // A process ending before it only fetches the calendars again.
      this.#timer.unref?.();
    }
    return null;
  }

  /** Writes the calendars kept since the last write, if any. */
  flush(): void {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = null;
    try {
      this.#file.save(this.#all());
    } catch (error) {
      this.#onError(error instanceof Error ? error.message : String(error));
    }
  }

  #all(): StoredCalendars {
    this.#value ??= this.#file.load().value;
    return this.#value;
  }
}

/** A keeper in memory only (tests, the command line). */
export function memoryCalendars(): CalendarKeeper {
  const mem: StoredCalendars = {};
  return {
    get: (source, region) => mem[source]?.[region] ?? null,
    put(source, region, entry) {
      mem[source] = { ...mem[source], [region]: entry };
      return null;
    },
  };
}
