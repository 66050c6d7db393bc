/**
 * The hub's subscription registry: every subscription by id, the groups that serve
 * them by group key, and which clients are hidden. Keeps the two maps consistent (a
 * group lives exactly as long as it has subscribers) and answers the questions the
 * scheduler and the poller ask of them.
 */
import type { UnixMs } from '../../shared/model';
import { newGroup, syncGroup, type Group } from './group';
import type { LaneId, Routed } from './routes';
import type { Subscription } from './subscription';

export class SubscriptionRegistry {
  readonly #subs = new Map<string, Subscription>();
  readonly #groups = new Map<string, Group>();
  readonly #hidden = new Set<string>();

  subscriptions(): IterableIterator<Subscription> {
    return this.#subs.values();
  }

  groups(): IterableIterator<Group> {
    return this.#groups.values();
  }

  has(subscriptionId: string): boolean {
    return this.#subs.has(subscriptionId);
  }

  /** Adds `sub`; with a route, joins the route's group (opened when new) and returns it. */
  add(sub: Subscription, routed: Routed): Group;
  add(sub: Subscription, routed: null): null;
  add(sub: Subscription, routed: Routed | null): Group | null {
    this.#subs.set(sub.id, sub);
    if (!routed) return null;
    let group = this.#groups.get(routed.groupKey);
    if (!group) {
      group = newGroup(routed.groupKey, routed.route, routed.lane);
      this.#groups.set(group.key, group);
    }
    group.subs.add(sub);
    return group;
  }

  /** Removes a subscription, and its group when it was the last; the removed one or undefined. */
  remove(subscriptionId: string): Subscription | undefined {
    const sub = this.#subs.get(subscriptionId);
    if (!sub) return undefined;
    this.#subs.delete(subscriptionId);
    const group = this.groupOf(sub);
    if (group) {
      group.subs.delete(sub);
      if (group.subs.size === 0) this.#groups.delete(group.key);
    }
    return sub;
  }

  /** The subscriptions of one client (a window or socket). */
  ofClient(clientId: string): Subscription[] {
    return [...this.#subs.values()].filter((sub) => sub.clientId === clientId);
  }

  groupOf(sub: Subscription): Group | undefined {
    return sub.groupKey === null ? undefined : this.#groups.get(sub.groupKey);
  }

  /** False once the group was dropped (its last subscriber left, or the hub cleared). */
  isCurrent(group: Group): boolean {
    return this.#groups.get(group.key) === group;
  }

  isHidden(clientId: string): boolean {
    return this.#hidden.has(clientId);
  }

  /** Marks a client hidden or visible; false when it already was. */
  setHidden(clientId: string, hidden: boolean): boolean {
    if (this.#hidden.has(clientId) === hidden) return false;
    if (hidden) this.#hidden.add(clientId);
    else this.#hidden.delete(clientId);
    return true;
  }

  /** The subscribers of `group` whose client is visible: the ones pushed to. */
  *visible(group: Group): Generator<Subscription> {
    for (const sub of group.subs) if (!this.#hidden.has(sub.clientId)) yield sub;
  }

  /**
   * Recomputes every group's codes and activity from its visible subscribers; returns
   * the lanes that have a group and those with an active one.
   */
  sync(): { known: Set<LaneId>; active: Set<LaneId> } {
    const known = new Set<LaneId>();
    const active = new Set<LaneId>();
    for (const g of this.#groups.values()) {
      syncGroup(g, (clientId) => this.#hidden.has(clientId));
      known.add(g.lane);
      if (g.active) active.add(g.lane);
    }
    return { known, active };
  }

  /** True while a group of that key exists. */
  hasGroup(key: string): boolean {
    return this.#groups.has(key);
  }

  /** Staleness of every subscription counts from `now` (a new client, a recovery). */
  restartStaleness(now: UnixMs): void {
    for (const sub of this.#subs.values()) sub.since = now;
  }

  clear(): void {
    this.#subs.clear();
    this.#groups.clear();
  }
}
