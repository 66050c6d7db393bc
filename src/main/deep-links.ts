/**
 * Routes `marketdesk://` links to the main window. A link can arrive before the shell
 * has started (the launch that the link itself caused: `process.argv`, or macOS
 * `open-url` before `ready`); it waits, the latest one only, until the shell attaches.
 * A link that does not parse is refused in the log with the reason, never acted on.
 */
import type { DeepLink } from '../shared/deep-link';
import { parseDeepLink } from '../shared/deep-link';

export class DeepLinkRouter {
  #deliver: ((link: DeepLink) => void) | null = null;
  #pending: DeepLink | null = null;

  constructor(private readonly log: (message: string) => void) {}

  /** Takes one link from the OS; true when it was valid (delivered or waiting). */
  open(url: string): boolean {
    const parsed = parseDeepLink(url);
    if (!parsed.ok) {
      // The reason, not the link: it is anyone's text and may be long.
      this.log(`marketdesk: link refused: ${parsed.reason}`);
      return false;
    }
    if (this.#deliver) this.#deliver(parsed.link);
    else this.#pending = parsed.link;
    return true;
  }

  /** The shell is up: links go to `deliver` from now on, a waiting one at once. */
  attach(deliver: (link: DeepLink) => void): void {
    this.#deliver = deliver;
    const pending = this.#pending;
    this.#pending = null;
    if (pending) deliver(pending);
  }
}
