/**
 * The alerts, kept as `alerts.json` in the data folder through the one JSON store
 * (`core/store`): versioned, written atomically, bounded when read, a damaged file kept
 * aside once, a newer one left untouched. Not in the SQLite cache: the cache is
 * disposable by design (a corrupt file is moved aside and recreated, `marketdesk cache
 * clear` empties it, the size budget prunes it), while an alert is something the user
 * made and expects to find after a restart — like a layout. Written only when an alert
 * is made, changed, deleted or fires.
 */
import type { Alert, UnixMs } from '../../shared/model';
import { MAX_ALERTS } from '../../shared/model';
import { JsonFileStore, type JsonFileVerdict } from '../store/json-file-store';
import { storedAlertSchema } from './alert-schema';

export const ALERTS_FILE_NAME = 'alerts.json';
/** The file's format version. */
export const ALERTS_FILE_VERSION = 1;
/**
 * The most bytes `alerts.json` may hold: {@link MAX_ALERTS} alerts take about 1 MB
 * (≈ 500 bytes each as written), so 4 MiB is room to spare, and a file past it — 330,000
 * alerts made by hand or by a runaway script — is kept aside unread instead of taking
 * seconds and hundreds of megabytes to start.
 */
export const ALERTS_MAX_BYTES = 4 * 1024 * 1024;

export interface AlertsLoadResult {
  alerts: Alert[];
  /** Set when the file, or some of its alerts, could not be read (kept as `.bad-<time>`). */
  notice: string | null;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The valid alerts of a parsed file, at most {@link MAX_ALERTS}, and what was left out. */
function readAlerts(raw: Record<string, unknown>): JsonFileVerdict<Alert[]> {
  if (!Array.isArray(raw.alerts)) return { ok: false, problem: 'its "alerts" is not a list' };
  const out: Alert[] = [];
  const ids = new Set<string>();
  let dropped = 0;
  let beyond = 0;
  for (const item of raw.alerts as unknown[]) {
    const checked = storedAlertSchema.safeParse(item);
    if (!checked.success || ids.has(checked.data.id)) dropped++;
    else if (out.length >= MAX_ALERTS) beyond++;
    else {
      ids.add(checked.data.id);
      out.push(checked.data);
    }
  }
  const left: string[] = [];
  if (dropped > 0) {
    left.push(`${plural(dropped, 'saved alert was', 'saved alerts were')} unreadable and left out`);
  }
  if (beyond > 0) {
    const most = MAX_ALERTS.toLocaleString('en-US');
    left.push(`${plural(beyond, 'alert', 'alerts')} past the ${most} kept were left out`);
  }
  return left.length === 0
    ? { ok: true, value: out }
    : { ok: true, value: out, damaged: left.join('; ') };
}

export class AlertStore {
  readonly #file: JsonFileStore<Alert[]>;

  constructor(options: { folder: string; now?: () => UnixMs; maxBytes?: number }) {
    this.#file = new JsonFileStore<Alert[]>({
      folder: options.folder,
      name: ALERTS_FILE_NAME,
      what: 'the alerts',
      version: ALERTS_FILE_VERSION,
      maxBytes: options.maxBytes ?? ALERTS_MAX_BYTES,
      empty: () => [],
      read: readAlerts,
      body: (alerts) => ({ alerts }),
      indent: 1,
      now: options.now,
    });
  }

  /** The file's path. */
  get file(): string {
    return this.#file.file;
  }

  /** Reads the alerts. Never throws: trouble is a notice (and the file kept aside). */
  load(): AlertsLoadResult {
    const { value, notice } = this.#file.load();
    return { alerts: value, notice };
  }

  /**
   * Saves every alert atomically.
   *
   * @throws StoreError `storage` (not written, or the file is a newer build's and kept
   *   as it is this session), `bad-argument` (past {@link ALERTS_MAX_BYTES}).
   */
  save(alerts: readonly Alert[]): void {
    this.#file.save([...alerts]);
  }
}
