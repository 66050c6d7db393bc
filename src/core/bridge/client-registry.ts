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

/**
 * What one window holds, over every connection it has: a browser tab may have more than
 * one socket (a reconnect overlapping the old one, or a page opening many), and the caps
 * are the window's, not each socket's — sixteen sockets of one window share one
 * {@link MAX_SUBSCRIPTIONS_PER_CLIENT} and one {@link MAX_CODES_PER_CLIENT}. A client
 * connected without one has a budget of its own.
 */
export class ClientBudget {
  /** Subscriptions held, over the window's clients. */
  subscriptions = 0;
  /** Codes followed, summed over them. */
  codes = 0;
}

export class ClientRegistry {
  readonly #clients = new Map<string, ClientEntry>();

  add(
    id: string,
    sink: (message: BridgeEventMessage) => void,
    budget: ClientBudget = new ClientBudget(),
  ): ClientEntry {
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
        if (budget.subscriptions >= MAX_SUBSCRIPTIONS_PER_CLIENT) {
          throw new BridgeFailure(
            'bad-argument',
            `subscribe: this window already has ${fmt(budget.subscriptions)} subscriptions, ` +
              `the most one window may hold (${fmt(MAX_SUBSCRIPTIONS_PER_CLIENT)}); ` +
              'close some panes or open them in another window.',
          );
        }
        const codes = codesOfSpec(spec);
        if (budget.codes + codes > MAX_CODES_PER_CLIENT) {
          throw new BridgeFailure(
            'bad-argument',
            `subscribe: this window already follows ${fmt(budget.codes)} symbols and these ` +
              `${fmt(codes)} would pass the most one window may follow ` +
              `(${fmt(MAX_CODES_PER_CLIENT)}); remove symbols from its watchlists or ` +
              'close some panes.',
          );
        }
        return codes;
      },
      hold(subscriptionId, codes) {
        if (!entry.subscriptions.has(subscriptionId)) budget.subscriptions++;
        entry.subscriptions.add(subscriptionId);
        const delta = codes - (codesBySubscription.get(subscriptionId) ?? 0);
        codeCount += delta;
        budget.codes += delta;
        codesBySubscription.set(subscriptionId, codes);
      },
      release(subscriptionId) {
        if (!entry.subscriptions.delete(subscriptionId)) return false;
        const codes = codesBySubscription.get(subscriptionId) ?? 0;
        codeCount -= codes;
        budget.codes -= codes;
        budget.subscriptions--;
        codesBySubscription.delete(subscriptionId);
        return true;
      },
      pendingCandles: new Set(),
    };
    this.#clients.set(id, entry);
    return entry;
  }

  /** Forgets a client; what it held goes back to its window's budget. */
  remove(id: string): ClientEntry | undefined {
    const entry = this.#clients.get(id);
    this.#clients.delete(id);
    if (entry) for (const subscriptionId of [...entry.subscriptions]) entry.release(subscriptionId);
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
