/**
 * The browser host's socket state as reactive state (reconnecting is the
 * transport's business; the shell only shows it). Always 'open' in Electron.
 */
import type { ConnectionState, HostTransport } from './host-transport';

export class HostConnection {
  state = $state<ConnectionState>('open');

  /** Follows a transport; returns the unsubscriber. */
  follow(host: HostTransport | null): () => void {
    if (!host) return () => {};
    this.state = host.state;
    return host.onConnection((state) => (this.state = state));
  }
}
