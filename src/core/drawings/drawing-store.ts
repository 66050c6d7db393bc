/**
 * The chart drawings of every instrument, as `drawings.json` in the data folder, beside
 * the settings and the workspace: what a person made lives with what a person set, not
 * in the cache, which is disposable by design (moved aside when damaged, emptied by
 * `marketdesk cache clear`, in memory when it cannot be opened). Keyed by the canonical
 * instrument, so "aapl" and "AAPL" share drawings, and every interval's chart too.
 *
 * Every change is validated, written atomically (the whole file: drawings are a few
 * hundred bytes each and change on a click or a drag's end, not per frame), then
 * applied in memory and told to `onChange` listeners. A failed write changes nothing.
 */
import {
  DRAWING_LIMITS,
  canonicalInstrument,
  instrumentKey,
  isAssetClass,
  type Drawing,
  type DrawingSet,
  type Instrument,
  type UnixMs,
} from '../../shared/model';
import { Emitter, type Event } from '../../shared/emitter';
import { StoreError } from '../settings/store-error';
import { JsonFileStore, type JsonFileVerdict } from '../store/json-file-store';
import { drawingSchema } from './drawing-schema';

/** The drawings file's name in the data folder. */
export const DRAWINGS_FILE_NAME = 'drawings.json';

/** The file format this build writes. */
export const DRAWINGS_FILE_VERSION = 1;

/**
 * The most bytes `drawings.json` may hold. A drawing is at most about 1 KB (a 500-character
 * note, a few points), so 16 MiB is some 16,000 of the largest drawings — far past what a
 * person draws — while a read of it stays well under a second at start.
 */
export const DRAWINGS_MAX_BYTES = 16 * 1024 * 1024;

interface DrawingsFile {
  version: number;
  /** The newest revision handed out (revisions never go back, even for a removed set). */
  revision: number;
  sets: DrawingSet[];
}

/** What the file holds, in memory. */
interface Drawings {
  sets: Map<string, DrawingSet>;
  revision: number;
}

export interface DrawingStoreOptions {
  folder: string;
  /** Wall-clock time, for the name of a kept bad file; default Date.now. */
  now?: () => UnixMs;
  /** The file's size bound; default {@link DRAWINGS_MAX_BYTES}. */
  maxBytes?: number;
}

/** What {@link DrawingStore.load} found worth telling the user, or null. */
export type DrawingLoadNotice = string | null;

export class DrawingStore {
  readonly #file: JsonFileStore<Drawings>;
  #sets = new Map<string, DrawingSet>();
  #revision = 0;
  readonly #changed = new Emitter<DrawingSet>();
  /** Told of every saved change, with the instrument's whole new set. */
  readonly onChange: Event<DrawingSet> = this.#changed.event;

  constructor(options: DrawingStoreOptions) {
    this.#file = new JsonFileStore<Drawings>({
      folder: options.folder,
      name: DRAWINGS_FILE_NAME,
      what: 'chart drawings',
      version: DRAWINGS_FILE_VERSION,
      maxBytes: options.maxBytes ?? DRAWINGS_MAX_BYTES,
      empty: () => ({ sets: new Map(), revision: 0 }),
      read: readDrawings,
      body: ({ sets, revision }) => ({ revision, sets: [...sets.values()] }),
      now: options.now,
    });
  }

  /** The file's path. */
  get file(): string {
    return this.#file.file;
  }

  /**
   * Reads the file. Never throws: a missing file is no drawings; a damaged one keeps
   * what is valid and is kept aside as `drawings.json.bad-<time>` (a wrong-shaped one
   * whole); a newer build's is left untouched. Answers the notice, if any.
   */
  load(): DrawingLoadNotice {
    const { value, notice } = this.#file.load();
    this.#sets = value.sets;
    this.#revision = value.revision;
    return notice;
  }

  /** The drawings of an instrument (none: an empty set at revision 0). */
  get(instrument: Instrument): DrawingSet {
    const canonical = canonicalInstrument(instrument);
    return this.#sets.get(instrumentKey(canonical)) ?? emptySet(canonical);
  }

  /**
   * Adds a drawing, or replaces the one with its id (keeping its place in the order).
   *
   * @throws StoreError `bad-argument` (too many drawings) or `storage` (not written).
   */
  save(instrument: Instrument, drawing: Drawing): DrawingSet {
    const current = this.get(instrument);
    const at = current.drawings.findIndex((d) => d.id === drawing.id);
    if (at < 0 && current.drawings.length >= DRAWING_LIMITS.perInstrument) {
      throw new StoreError(
        'bad-argument',
        `${current.instrument.code} has ${DRAWING_LIMITS.perInstrument} drawings, the most one symbol may carry; delete some first.`,
      );
    }
    const drawings = [...current.drawings];
    if (at < 0) drawings.push(drawing);
    else drawings[at] = drawing;
    return this.#commit(current.instrument, drawings);
  }

  /** Removes a drawing; an unknown id changes nothing (and is not written). */
  delete(instrument: Instrument, id: string): DrawingSet {
    const current = this.get(instrument);
    if (!current.drawings.some((d) => d.id === id)) return current;
    return this.#commit(
      current.instrument,
      current.drawings.filter((d) => d.id !== id),
    );
  }

  dispose(): void {
    this.#changed.dispose();
  }

  #commit(instrument: Instrument, drawings: Drawing[]): DrawingSet {
    const set: DrawingSet = { instrument, drawings, revision: this.#revision + 1 };
    const sets = new Map(this.#sets);
    const key = instrumentKey(instrument);
    if (drawings.length > 0) sets.set(key, set);
    else sets.delete(key);
    this.#file.save({ sets, revision: set.revision });
    this.#sets = sets;
    this.#revision = set.revision;
    this.#changed.fire(set);
    return set;
  }
}

function emptySet(instrument: Instrument): DrawingSet {
  return { instrument, drawings: [], revision: 0 };
}

function isInstrument(value: unknown): value is Instrument {
  const i = value as Partial<Instrument> | null;
  return (
    typeof i === 'object' &&
    i !== null &&
    isAssetClass(i.class) &&
    typeof i.region === 'string' &&
    typeof i.exchange === 'string' &&
    typeof i.code === 'string' &&
    i.code.trim() !== ''
  );
}

/**
 * The valid sets of a parsed file. A file whose `sets` is not a list is wrong-shaped as a
 * whole (kept aside, never read as "no drawings" and then overwritten); a damaged entry
 * or drawing is left out and counted.
 */
function readDrawings(raw: Record<string, unknown>): JsonFileVerdict<Drawings> {
  const file = raw as Partial<DrawingsFile>;
  if (!Array.isArray(file.sets)) return { ok: false, problem: 'its "sets" is not a list' };
  const sets = new Map<string, DrawingSet>();
  let dropped = 0;
  let revision = Number.isSafeInteger(file.revision) ? Math.max(0, file.revision!) : 0;
  for (const entry of file.sets as unknown[]) {
    const e = entry as Partial<DrawingSet> | null;
    if (!isInstrument(e?.instrument) || !Array.isArray(e.drawings)) {
      dropped++;
      continue;
    }
    const instrument = canonicalInstrument({
      class: e.instrument.class,
      region: e.instrument.region,
      exchange: e.instrument.exchange,
      code: e.instrument.code,
    });
    const drawings: Drawing[] = [];
    for (const d of e.drawings.slice(0, DRAWING_LIMITS.perInstrument)) {
      const parsed = drawingSchema.safeParse(d);
      if (parsed.success) drawings.push(parsed.data);
      else dropped++;
    }
    dropped += Math.max(0, e.drawings.length - DRAWING_LIMITS.perInstrument);
    const setRevision = Number.isSafeInteger(e.revision) ? e.revision! : 0;
    revision = Math.max(revision, setRevision);
    if (drawings.length > 0) {
      sets.set(instrumentKey(instrument), { instrument, drawings, revision: setRevision });
    }
  }
  if (dropped === 0) return { ok: true, value: { sets, revision } };
  const what = `${dropped} damaged chart drawing${dropped === 1 ? ' was' : 's were'} left out`;
  return { ok: true, value: { sets, revision }, damaged: what };
}
