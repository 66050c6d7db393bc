/**
 * Records what the hub pushes to one subscriber, for assertions.
 */
import type { Events } from '../../../shared/bridge';
import type { HubEvent, HubEventName, PushFn } from '../types';

export class Recorder {
  readonly events: HubEvent[] = [];
  readonly push: PushFn = (event) => {
    this.events.push(event);
  };

  /** Payloads of one event kind, oldest first. */
  of<E extends HubEventName>(name: E): Events[E][] {
    return this.events.filter((e) => e.event === name).map((e) => e.payload as Events[E]);
  }

  /** The states pushed, oldest first. */
  states(): string[] {
    return this.of('subscriptionStatus').map((s) => s.state);
  }

  /** The last state pushed, or null. */
  get state(): string | null {
    return this.status?.state ?? null;
  }

  /** The last status pushed (state, message…), or undefined. */
  get status(): Events['subscriptionStatus'] | undefined {
    return this.of('subscriptionStatus').at(-1);
  }

  /** Codes of the quote pushes, one list per push. */
  quoteCodes(): string[][] {
    return this.of('quotes').map((p) => Object.keys(p.quotes).sort());
  }

  clear(): void {
    this.events.length = 0;
  }
}
