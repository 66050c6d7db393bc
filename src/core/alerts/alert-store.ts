/**
 * The alerts, kept as `alerts.json` in the data folder, written atomically like the
 * settings and the workspace. Not in the SQLite cache: the cache is disposable by
 * design (a corrupt file is moved aside and recreated, `marketdesk cache clear` empties
 * it, the size budget prunes it), while an alert is something the user made and expects
 * to find after a restart — like a layout. The file is small (at most MAX_ALERTS
 * records) and written only when an alert is made, changed, deleted or fires.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Alert, UnixMs } from '../../shared/model';
import { removeStaleTempFiles, writeFileAtomic } from '../settings/atomic-write';
import { StoreError, describeFsError } from '../settings/store-error';
import { keepBadCopy, parseJsonText, readStoreFile } from '../settings/store-file';
import { storedAlertSchema } from './alert-schema';

export const ALERTS_FILE_NAME = 'alerts.json';
/** The file's format version. */
export const ALERTS_FILE_VERSION = 1;

export interface AlertsLoadResult {
  alerts: Alert[];
  /** Set when the file, or some of its alerts, could not be read (kept as `.bad-<time>`). */
  notice: string | null;
}

export class AlertStore {
  readonly file: string;
  readonly #folder: string;
  readonly #now: () => UnixMs;

  constructor(options: { folder: string; now?: () => UnixMs }) {
    this.#folder = options.folder;
    this.file = path.join(options.folder, ALERTS_FILE_NAME);
    this.#now = options.now ?? Date.now;
  }

  /** Reads the alerts. Never throws: trouble is a notice (and the file kept aside). */
  load(): AlertsLoadResult {
    removeStaleTempFiles(this.file, { now: this.#now });
    const read = readStoreFile(this.file);
    if ('missing' in read) return { alerts: [], notice: null };
    if ('problem' in read)
      return { alerts: [], notice: `Could not read the alerts (${read.problem}).` };
    const parsed = parseJsonText(read.text);
    if (parsed === undefined) {
      return {
        alerts: [],
        notice: `The alerts file was unreadable${keepBadCopy(this.file, this.#now())}.`,
      };
    }
    const { version, alerts } = (parsed ?? {}) as { version?: unknown; alerts?: unknown };
    if (typeof version === 'number' && version > ALERTS_FILE_VERSION) {
      return {
        alerts: [],
        notice: `The alerts were saved by a newer Marketdesk (format ${version}); they are not shown or changed.`,
      };
    }
    if (!Array.isArray(alerts))
      return {
        alerts: [],
        notice: `The alerts file was unreadable${keepBadCopy(this.file, this.#now())}.`,
      };
    const out: Alert[] = [];
    const ids = new Set<string>();
    let dropped = 0;
    for (const raw of alerts) {
      const checked = storedAlertSchema.safeParse(raw);
      if (!checked.success || ids.has(checked.data.id)) dropped++;
      else {
        ids.add(checked.data.id);
        out.push(checked.data);
      }
    }
    const notice =
      dropped === 0
        ? null
        : `${dropped} saved alert${dropped === 1 ? ' was' : 's were'} unreadable and left out${keepBadCopy(this.file, this.#now())}.`;
    return { alerts: out, notice };
  }

  /** Saves every alert atomically. @throws StoreError `storage`. */
  save(alerts: readonly Alert[]): void {
    const json = JSON.stringify({ version: ALERTS_FILE_VERSION, alerts }, null, 1);
    try {
      mkdirSync(this.#folder, { recursive: true });
      writeFileAtomic(this.file, json, { mode: 0o600 });
    } catch (error) {
      throw new StoreError('storage', `Could not save the alerts: ${describeFsError(error)}`);
    }
  }
}
