/**
 * The notices the status shows (`AppStatus.notice`): a settings file repaired, a cache
 * that could not be opened, a token not sent to this address… Every service that has
 * something to tell the user tells it here, and the status hears of each change — a
 * notice does not wait for some other event to be seen.
 */
import { Emitter, type Event } from '../../shared/emitter';

interface Entry {
  /** Null for a notice that stays; else the topic whose latest notice this is. */
  topic: string | null;
  text: string;
}

export class NoticeService {
  readonly #entries: Entry[] = [];
  readonly #changed = new Emitter<readonly string[]>();
  /** Told with the notices after every change. */
  readonly onChange: Event<readonly string[]> = this.#changed.event;

  /** The notices in the order they were given. */
  get all(): readonly string[] {
    return this.#entries.map((entry) => entry.text);
  }

  /** Shows `text` for the rest of the session; the same words again are shown once. */
  add(text: string): void {
    if (this.#entries.some((entry) => entry.text === text)) return;
    this.#entries.push({ topic: null, text });
    this.#changed.fire(this.all);
  }

  /**
   * Shows `text` as `topic`'s notice, in place of its previous one (which goes; the new
   * one comes last); null shows nothing for the topic.
   */
  set(topic: string, text: string | null): void {
    const at = this.#entries.findIndex((entry) => entry.topic === topic);
    if (at >= 0 && this.#entries[at]!.text === text) return;
    if (at < 0 && text === null) return;
    if (at >= 0) this.#entries.splice(at, 1);
    if (text !== null) this.#entries.push({ topic, text });
    this.#changed.fire(this.all);
  }

  /** Forgets the listeners. */
  dispose(): void {
    this.#changed.dispose();
  }
}
