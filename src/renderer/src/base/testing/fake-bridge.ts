/**
 * A scripted `MarketdeskBridge` for the panes' unit tests: records commands,
 * answers them from handlers, and emits events on demand.
 */
import type {
  CommandArgs,
  CommandName,
  CommandResult,
  EventName,
  Events,
  MarketdeskBridge,
} from '../../../../shared/bridge';

type Handler<K extends CommandName> = (args: CommandArgs<K>) => Promise<CommandResult<K>>;

/** A bridge whose commands are answered by `handlers` and whose events are emitted by hand. */
export class FakeBridge implements MarketdeskBridge {
  readonly calls: { name: CommandName; args: unknown }[] = [];
  readonly handlers: { [K in CommandName]?: Handler<K> } = {};
  #listeners = new Map<EventName, Set<(payload: never) => void>>();
  #nextId = 1;

  constructor() {
    this.handlers.subscribe = async () => ({ subscriptionId: `s${this.#nextId++}` });
    this.handlers.unsubscribe = async () => undefined;
  }

  invoke<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<CommandResult<K>> {
    this.calls.push({ name, args });
    const handler = this.handlers[name] as Handler<K> | undefined;
    if (!handler) return Promise.reject(new Error(`no handler for ${name}`));
    return handler(args);
  }

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /**
   * Holds `name`'s answers: each call waits until the test settles it through the
   * returned list (one resolver per call, in call order).
   */
  hold<K extends CommandName>(name: K): ((result: CommandResult<K>) => void)[] {
    const answers: ((result: CommandResult<K>) => void)[] = [];
    const held: Handler<K> = () => new Promise((resolve) => answers.push(resolve));
    (this.handlers as Record<K, Handler<K>>)[name] = held;
    return answers;
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const l of this.#listeners.get(event) ?? []) (l as (p: Events[E]) => void)(payload);
  }

  /** Number of listeners still registered (all zero after dispose). */
  listenerCount(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  namesCalled(): CommandName[] {
    return this.calls.map((c) => c.name);
  }
}
