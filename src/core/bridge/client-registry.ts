/**
 * The connected clients (renderer windows, browser tabs) of one bridge server: their
 * event sinks, the subscriptions they own (within the per-client caps) and the candle
 * refreshes they wait for.
 */
import type { BridgeEventMessage, SubscriptionSpec } from '../../shared/bridge';
import { BridgeFailure } from './errors';
import { MAX_CODES_PER_CLIENT, MAX_SUBSCRIPTIONS_PER_CLIENT } from './schemas';

/** One connected client. */
export interface ClientEntry {
  readonly id: string;
  /** Delivers an event to this client; a failing sink is ignored (the client is going away). */
  send(message: BridgeEventMessage): void;
  /** Subscription ids this client owns. */
  readonly subscriptions: Set<string>;
  /** Codes its subscriptions follow, summed (see MAX_CODES_PER_CLIENT). */
  readonly codeCount: number;
  /**
   * Checks that `spec` fits within the client's caps — subscriptions and codes — and
   * returns the codes it counts for; a `bad-argument` failure saying what to do when not.
   */
  admit(spec: SubscriptionSpec): number;
  /** Records a subscription `admit` let through, with its count of codes. */
  hold(subscriptionId: string, codes: number): void;
  /** Forgets one of its subscriptions; false when it holds no such id. */
  release(subscriptionId: string): boolean;
  /** `seriesKey`s whose background refresh this client waits for (loadCandles). */
  readonly pendingCandles: Set<string>;
}

/** Codes a subscription counts for: its distinct codes (a chart one, news none). */
export function codesOfSpec(spec: SubscriptionSpec): number {
  switch (spec.kind) {
    case 'candles':
      return 1;
    case 'news':
      return 0;
    default:
      return new Set(spec.codes).size;
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

export class ClientRegistry {
  readonly #clients = new Map<string, ClientEntry>();

  add(id: string, sink: (message: BridgeEventMessage) => void): ClientEntry {
    if (this.#clients.has(id)) throw new Error(`bridge client ${id} is already connected`);
    const codesBySubscription = new Map<string, number>();
    let codeCount = 0;
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
      get codeCount() {
        return codeCount;
      },
      admit(spec) {
        // Refused before the feed hub sees it: one client cannot make the host poll,
        // fingerprint and push without bound, and a refusal costs nothing.
        if (entry.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CLIENT) {
          throw new BridgeFailure(
            'bad-argument',
            `subscribe: this window already has ${fmt(entry.subscriptions.size)} subscriptions, ` +
              `the most one window may hold (${fmt(MAX_SUBSCRIPTIONS_PER_CLIENT)}); ` +
              'close some panes or open them in another window.',
          );
        }
        const codes = codesOfSpec(spec);
        if (codeCount + codes > MAX_CODES_PER_CLIENT) {
          throw new BridgeFailure(
            'bad-argument',
            `subscribe: this window already follows ${fmt(codeCount)} symbols and these ` +
              `${fmt(codes)} would pass the most one window may follow ` +
              `(${fmt(MAX_CODES_PER_CLIENT)}); remove symbols from its watchlists or ` +
              'close some panes.',
          );
        }
        return codes;
      },
      hold(subscriptionId, codes) {
        entry.subscriptions.add(subscriptionId);
        codeCount += codes - (codesBySubscription.get(subscriptionId) ?? 0);
        codesBySubscription.set(subscriptionId, codes);
      },
      release(subscriptionId) {
        if (!entry.subscriptions.delete(subscriptionId)) return false;
        codeCount -= codesBySubscription.get(subscriptionId) ?? 0;
        codesBySubscription.delete(subscriptionId);
        return true;
      },
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
