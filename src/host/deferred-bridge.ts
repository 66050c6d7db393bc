/**
 * The bridge as the host has it while its services start: a page's socket is accepted
 * at once, and its commands wait for the bridge server (none is dropped; they reach it
 * in the order they came, each socket connected before its first command), except the
 * first screen's own question — the saved workspace — answered at once from the store
 * the host opened first, so the page lays out and loads its panes while the cache, the
 * feed and the demo service start (bench/ui-cold-start.bench.ts).
 */
import { randomUUID } from 'node:crypto';
import type { BridgeEventMessage, BridgeResponse, WorkspaceDocument } from '../shared/bridge';
import { errorMessage } from '../shared/errors';
import type { BridgeConnection, BridgeServer } from '../core/bridge';
import type { ClientBudget } from '../core/bridge/client-registry';

/** What can be answered before the services run. */
export interface EarlyAnswers {
  /** The saved workspace, from the same store the services then use. */
  loadWorkspace(): WorkspaceDocument | null;
}

/** The answer every waiting command gets when the services could not start. */
export const NOT_STARTED_MESSAGE =
  'Marketdesk could not start its services; the reason is on the log of the command that started it.';

/** An argument object with nothing in it: what `loadWorkspace` takes (anything else waits for the schema). */
function isEmptyArgs(args: unknown): boolean {
  if (args === undefined) return true;
  return (
    typeof args === 'object' &&
    args !== null &&
    Object.getPrototypeOf(args) === Object.prototype &&
    Object.keys(args).length === 0
  );
}

/** A bridge whose connections wait for `server`; see the file's comment. */
export class DeferredBridge {
  #server: BridgeServer | null = null;
  readonly #ready: Promise<BridgeServer>;
  /** `saveWorkspace` commands waiting: a load must not overtake a save sent before it. */
  #savesWaiting = 0;

  constructor(
    server: Promise<BridgeServer>,
    private readonly early: EarlyAnswers,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.#ready = server.then((s) => (this.#server = s));
    // Answered to each waiting command (see #waitFor); not unhandled meanwhile.
    this.#ready.catch(() => {});
  }

  /** True once the bridge server runs (commands then go straight to it). */
  get started(): boolean {
    return this.#server !== null;
  }

  connect(
    send: (message: BridgeEventMessage) => void,
    options: { clientId?: string; budget?: ClientBudget } = {},
  ): BridgeConnection {
    const clientId = options.clientId ?? randomUUID();
    const connectOptions = { ...options, clientId };
    if (this.#server) return this.#server.connect(send, connectOptions);
    let real: BridgeConnection | null = null;
    let closed = false;
    // Registered before any of its commands', so it runs first once the server does.
    const connected = this.#ready.then((server) => {
      if (!closed) real = server.connect(send, connectOptions);
      return real;
    });
    connected.catch(() => {});
    return {
      clientId,
      request: (name, args) => {
        if (real) return real.request(name, args);
        if (closed) return Promise.resolve(gone());
        if (name === 'loadWorkspace' && this.#savesWaiting === 0 && isEmptyArgs(args))
          return this.#loadWorkspace();
        return this.#waitFor(connected, name, args);
      },
      close: () => {
        closed = true;
        real?.close();
      },
    };
  }

  async #loadWorkspace(): Promise<BridgeResponse<unknown>> {
    try {
      return { ok: true, value: this.early.loadWorkspace() };
    } catch (error) {
      // The store never throws; should it, the services answer instead.
      this.log(`marketdesk: the workspace could not be read early: ${errorMessage(error)}`);
      return {
        ok: false,
        error: { code: 'storage', message: 'The saved workspace could not be read.' },
      };
    }
  }

  async #waitFor(
    connected: Promise<BridgeConnection | null>,
    name: unknown,
    args: unknown,
  ): Promise<BridgeResponse<unknown>> {
    const save = name === 'saveWorkspace';
    if (save) this.#savesWaiting++;
    try {
      const connection = await connected;
      return connection ? await connection.request(name, args) : gone();
    } catch {
      return { ok: false, error: { code: 'internal', message: NOT_STARTED_MESSAGE } };
    } finally {
      if (save) this.#savesWaiting--;
    }
  }
}

/** A command of a connection closed while it waited: nobody reads the answer. */
function gone(): BridgeResponse<unknown> {
  return { ok: false, error: { code: 'internal', message: 'The connection was closed.' } };
}
