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
import { Emitter, type Disposable } from '../../../../shared/emitter';

/** A listener that throws fails the test that fired it, rather than only being logged. */
const onListenerError = (error: unknown): never => {
  throw error;
};

type Handler<K extends CommandName> = (args: CommandArgs<K>) => Promise<CommandResult<K>>;

/** A bridge whose commands are answered by `handlers` and whose events are emitted by hand. */
export class FakeBridge implements MarketdeskBridge {
  readonly calls: { name: CommandName; args: unknown }[] = [];
  readonly handlers: { [K in CommandName]?: Handler<K> } = {};
  readonly #emitters = new Map<EventName, Emitter<never>>();
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

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): Disposable {
    let emitter = this.#emitters.get(event);
    if (!emitter) this.#emitters.set(event, (emitter = new Emitter<never>({ onListenerError })));
    return emitter.event(listener as (payload: never) => void);
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
    this.#emitters.get(event)?.fire(payload as never);
  }

  /** Number of listeners still registered (all zero after dispose). */
  listenerCount(): number {
    let n = 0;
    for (const emitter of this.#emitters.values()) n += emitter.listenerCount;
    return n;
  }

  namesCalled(): CommandName[] {
    return this.calls.map((c) => c.name);
  }
}
