/**
 * `host.json` in the data folder: the port the browser host listened on last, tried
 * first at the next start. The page's address (its origin, port included) then stays
 * the same from one start to the next, and so does what the browser keeps per origin:
 * its cache of the page's files, with their compiled code, and the remembered theme.
 * Through the one JSON store (core/store): a damaged file is kept aside once and the
 * host takes any free port; nothing here is worth a notice, so problems are logged.
 */
import { JsonFileStore } from '../core/store/json-file-store';

/** The file's name inside the data folder. */
export const HOST_FILE = 'host.json';

/** Its content: the last port, or null before the first start. */
interface HostFile {
  port: number | null;
}

const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 65535;

/** The remembered port of one data folder. */
export class RememberedPort {
  readonly #file: JsonFileStore<HostFile>;
  #port: number | null;

  constructor(
    folder: string,
    private readonly log: (line: string) => void,
  ) {
    this.#file = new JsonFileStore<HostFile>({
      folder,
      name: HOST_FILE,
      what: "the browser host's last port",
      version: 1,
      maxBytes: 4 * 1024,
      empty: () => ({ port: null }),
      read: (raw) =>
        raw.port === null || isPort(raw.port)
          ? { ok: true, value: { port: raw.port } }
          : { ok: false, problem: 'its "port" is not a port number' },
      body: (value) => ({ port: value.port }),
      fallback: 'taking any free port',
    });
    const { value, notice } = this.#file.load();
    if (notice) log(`marketdesk: ${notice}`);
    this.#port = value.port;
  }

  /** The port to try first, or null. */
  get port(): number | null {
    return this.#port;
  }

  /** Remembers `port` (written only when it changed; a failed write is logged). */
  save(port: number): void {
    if (port === this.#port) return;
    this.#port = port;
    try {
      this.#file.save({ port });
    } catch (error) {
      this.log(`marketdesk: could not remember the host's port: ${(error as Error).message}`);
    }
  }
}
