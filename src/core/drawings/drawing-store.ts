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
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
import { removeStaleTempFiles, writeFileAtomic } from '../settings/atomic-write';
import { StoreError, describeFsError } from '../settings/store-error';
import { keepBadCopy, parseJsonText, readStoreFile } from '../settings/store-file';
import { drawingSchema } from './drawing-schema';

/** The drawings file's name in the data folder. */
export const DRAWINGS_FILE_NAME = 'drawings.json';

/** The file format this build writes. */
export const DRAWINGS_FILE_VERSION = 1;

interface DrawingsFile {
  version: number;
  /** The newest revision handed out (revisions never go back, even for a removed set). */
  revision: number;
  sets: DrawingSet[];
}

export interface DrawingStoreOptions {
  folder: string;
  /** Wall-clock time, for the name of a kept bad file; default Date.now. */
  now?: () => UnixMs;
}

/** What {@link DrawingStore.load} found worth telling the user, or null. */
export type DrawingLoadNotice = string | null;

export class DrawingStore {
  readonly file: string;
  readonly #folder: string;
  readonly #now: () => UnixMs;
  #sets = new Map<string, DrawingSet>();
  #revision = 0;
  /** False when the file is from a newer build: changes are refused, the file kept. */
  #writable = true;
  readonly #changed = new Emitter<DrawingSet>();
  /** Told of every saved change, with the instrument's whole new set. */
  readonly onChange: Event<DrawingSet> = this.#changed.event;

  constructor(options: DrawingStoreOptions) {
    this.#folder = options.folder;
    this.file = path.join(options.folder, DRAWINGS_FILE_NAME);
    this.#now = options.now ?? Date.now;
  }

  /**
   * Reads the file. Never throws: a missing file is no drawings; a damaged one keeps
   * what is valid, is copied aside as `drawings.json.bad-<time>`, and answers a notice.
   */
  load(): DrawingLoadNotice {
    removeStaleTempFiles(this.file, { now: this.#now });
    const read = readStoreFile(this.file);
    if ('missing' in read) return null;
    if ('problem' in read) {
      this.#writable = false;
      return `Chart drawings could not be read (${read.problem}); drawing changes are not saved this session.`;
    }
    const raw = parseJsonText(read.text);
    if (raw === undefined) {
      return `The chart drawings file was unreadable${keepBadCopy(this.file, this.#now())}; no drawings are shown.`;
    }
    const file = raw as Partial<DrawingsFile> | null;
    if (typeof file?.version === 'number' && file.version > DRAWINGS_FILE_VERSION) {
      this.#writable = false;
      return `The chart drawings were saved by a newer Marketdesk (format ${file.version}); they are left untouched and changes are not saved this session.`;
    }
    const { sets, revision, dropped } = readSets(file);
    this.#sets = sets;
    this.#revision = revision;
    return dropped > 0
      ? `${dropped} damaged chart drawing${dropped === 1 ? ' was' : 's were'} left out${keepBadCopy(this.file, this.#now())}.`
      : null;
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
    if (!this.#writable) {
      throw new StoreError(
        'storage',
        'Chart drawings are not saved this session (see the notice in the status bar).',
      );
    }
    const set: DrawingSet = { instrument, drawings, revision: this.#revision + 1 };
    const sets = new Map(this.#sets);
    const key = instrumentKey(instrument);
    if (drawings.length > 0) sets.set(key, set);
    else sets.delete(key);
    const file: DrawingsFile = {
      version: DRAWINGS_FILE_VERSION,
      revision: set.revision,
      sets: [...sets.values()],
    };
    try {
      mkdirSync(this.#folder, { recursive: true });
      writeFileAtomic(this.file, JSON.stringify(file), { mode: 0o600 });
    } catch (error) {
      throw new StoreError('storage', `Could not save the drawing: ${describeFsError(error)}`);
    }
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

/** The valid sets of a parsed file and how many entries had to be left out. */
function readSets(file: Partial<DrawingsFile> | null): {
  sets: Map<string, DrawingSet>;
  revision: number;
  dropped: number;
} {
  const sets = new Map<string, DrawingSet>();
  let dropped = 0;
  let revision = Number.isSafeInteger(file?.revision) ? Math.max(0, file!.revision!) : 0;
  for (const entry of Array.isArray(file?.sets) ? file.sets : []) {
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
  return { sets, revision, dropped };
}
