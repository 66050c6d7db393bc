/**
 * The connected clients (renderer windows, browser tabs) of one bridge server: their
 * event sinks, the subscriptions they own and the candle refreshes they wait for.
 */
import type { BridgeEventMessage } from '../../shared/bridge';
import { BridgeFailure } from './errors';

/** One connected client. */
export interface ClientEntry {
  readonly id: string;
  /** Delivers an event to this client; a failing sink is ignored (the client is going away). */
  send(message: BridgeEventMessage): void;
  /** Subscription ids this client owns. */
  readonly subscriptions: Set<string>;
  /** `seriesKey`s whose background refresh this client waits for (loadCandles). */
  readonly pendingCandles: Set<string>;
}

export class ClientRegistry {
  readonly #clients = new Map<string, ClientEntry>();

  add(id: string, sink: (message: BridgeEventMessage) => void): ClientEntry {
    if (this.#clients.has(id)) throw new Error(`bridge client ${id} is already connected`);
    const entry: ClientEntry = {
      id,
      send(message) {
        try {
          sink(message);
        } catch {
          // A closed socket or destroyed window: its disconnect follows and cleans up.
        }
      },
      subscriptions: new Set(),
      pendingCandles: new Set(),
    };
    this.#clients.set(id, entry);
    return entry;
  }

  remove(id: string): ClientEntry | undefined {
    const entry = this.#clients.get(id);
    this.#clients.delete(id);
    return entry;
  }

  /** The client, or a `forbidden` failure once it has disconnected. */
  live(id: string): ClientEntry {
    const entry = this.#clients.get(id);
    if (!entry) throw new BridgeFailure('forbidden', 'this window is no longer connected');
    return entry;
  }

  has(id: string): boolean {
    return this.#clients.has(id);
  }

  get size(): number {
    return this.#clients.size;
  }

  values(): IterableIterator<ClientEntry> {
    return this.#clients.values();
  }

  /** Sends to every client except `exceptId`. */
  broadcast(message: BridgeEventMessage, exceptId?: string): void {
    for (const entry of this.#clients.values()) {
      if (entry.id !== exceptId) entry.send(message);
    }
  }
}
