/**
 * The hub's subscription registry: every subscription by id and by client, the groups
 * that serve them by group key, and which clients are hidden. Keeps them consistent (a
 * group lives exactly as long as it has subscribers) and answers the questions the
 * scheduler and the poller ask of them.
 *
 * Every change costs what it changes: joining or leaving counts the subscription's own
 * codes into or out of its group, hiding a client touches only that client's
 * subscriptions, and nothing rebuilds a group's union (see `Group.wanted`).
 */
import type { UnixMs } from '../../shared/model';
import { hideIn, joinGroup, leaveGroup, newGroup, showIn, type Group } from './group';
import type { LaneId, Routed } from './routes';
import type { Subscription } from './subscription';

/** What joining a group changed, so the hub knows whether to ask for data at once. */
export interface Joined {
  group: Group;
  /** Codes the group's poll did not ask before. */
  addedCodes: number;
  /** The group had nothing to ask before (no visible subscriber, or no codes). */
  becameActive: boolean;
}

export class SubscriptionRegistry {
  readonly #subs = new Map<string, Subscription>();
  readonly #byClient = new Map<string, Set<Subscription>>();
  readonly #groups = new Map<string, Group>();
  readonly #hidden = new Set<string>();
  /** The symbol each client's focused pane shows, as `class|CODE$REGION` (stream-pushes' `symbolId`). */
  readonly #focus = new Map<string, string>();

  subscriptions(): IterableIterator<Subscription> {
    return this.#subs.values();
  }

  groups(): IterableIterator<Group> {
    return this.#groups.values();
  }

  has(subscriptionId: string): boolean {
    return this.#subs.has(subscriptionId);
  }

  /** Adds `sub`; with a route, joins the route's group (opened when new). */
  add(sub: Subscription, routed: Routed): Joined;
  add(sub: Subscription, routed: null): null;
  add(sub: Subscription, routed: Routed | null): Joined | null {
    this.#subs.set(sub.id, sub);
    let mine = this.#byClient.get(sub.clientId);
    if (!mine) this.#byClient.set(sub.clientId, (mine = new Set()));
    mine.add(sub);
    if (!routed) return null;
    let group = this.#groups.get(routed.groupKey);
    if (!group) {
      group = newGroup(routed.groupKey, routed.route, routed.lane);
      this.#groups.set(group.key, group);
    }
    const wasActive = group.active;
    const addedCodes = joinGroup(group, sub, !this.#hidden.has(sub.clientId));
    return { group, addedCodes, becameActive: group.active && !wasActive };
  }

  /**
   * Removes a subscription, and its group when it was the last; the removed one and
   * whether its group closed, or undefined for an unknown id.
   */
  remove(subscriptionId: string): { sub: Subscription; groupClosed: boolean } | undefined {
    const sub = this.#subs.get(subscriptionId);
    if (!sub) return undefined;
    this.#subs.delete(subscriptionId);
    const mine = this.#byClient.get(sub.clientId);
    mine?.delete(sub);
    if (mine?.size === 0) this.#byClient.delete(sub.clientId);
    const group = this.groupOf(sub);
    let groupClosed = false;
    if (group) {
      leaveGroup(group, sub, !this.#hidden.has(sub.clientId));
      if (group.subs.size === 0) {
        this.#groups.delete(group.key);
        groupClosed = true;
      }
    }
    return { sub, groupClosed };
  }

  /** The subscriptions of one client (a window or socket). */
  ofClient(clientId: string): Subscription[] {
    return [...(this.#byClient.get(clientId) ?? [])];
  }

  /** The group of a key, if the registry holds one. */
  groupByKey(key: string): Group | undefined {
    return this.#groups.get(key);
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

  /**
   * Marks a client hidden or visible, moving its codes out of or into what its groups'
   * polls ask; false when it already was.
   */
  setHidden(clientId: string, hidden: boolean): boolean {
    if (this.#hidden.has(clientId) === hidden) return false;
    if (hidden) this.#hidden.add(clientId);
    else this.#hidden.delete(clientId);
    for (const sub of this.#byClient.get(clientId) ?? []) {
      const group = this.groupOf(sub);
      if (!group) continue;
      if (hidden) hideIn(group, sub);
      else showIn(group, sub);
    }
    return true;
  }

  /**
   * The symbol `clientId`'s focused pane shows (its `symbolId`), or null for none; false
   * when it already was.
   */
  setFocus(clientId: string, symbol: string | null): boolean {
    if ((this.#focus.get(clientId) ?? null) === symbol) return false;
    if (symbol === null) this.#focus.delete(clientId);
    else this.#focus.set(clientId, symbol);
    return true;
  }

  /** The symbols the focused panes of visible clients show. */
  focused(): Set<string> {
    const symbols = new Set<string>();
    for (const [clientId, symbol] of this.#focus) {
      if (!this.#hidden.has(clientId)) symbols.add(symbol);
    }
    return symbols;
  }

  /** The subscribers of `group` whose client is visible: the ones pushed to. */
  *visible(group: Group): Generator<Subscription> {
    for (const sub of group.subs) if (!this.#hidden.has(sub.clientId)) yield sub;
  }

  /** The lanes that have a group and those with an active one: one pass over the groups. */
  lanes(): { known: Set<LaneId>; active: Set<LaneId> } {
    const known = new Set<LaneId>();
    const active = new Set<LaneId>();
    for (const g of this.#groups.values()) {
      known.add(g.lane);
      if (g.active) active.add(g.lane);
    }
    return { known, active };
  }

  /** How much the registry holds: subscriptions, groups, and codes summed over groups. */
  counts(): { subscriptions: number; groups: number; codes: number } {
    let codes = 0;
    for (const g of this.#groups.values()) codes += g.held.size;
    return { subscriptions: this.#subs.size, groups: this.#groups.size, codes };
  }

  /** Staleness of every subscription counts from `now` (a new client, a recovery). */
  restartStaleness(now: UnixMs): void {
    for (const sub of this.#subs.values()) sub.since = now;
  }

  clear(): void {
    this.#subs.clear();
    this.#byClient.clear();
    this.#groups.clear();
    this.#focus.clear();
  }
}
