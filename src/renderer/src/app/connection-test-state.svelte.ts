/**
 * Settings' connection Test: asks the main side to test the service in use and keeps
 * the report (or why it could not run) until the dialog closes.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { CheckVerdict, ConnectionReport } from '../../../shared/model';
import { errorMessage } from '../../../shared/errors';

/** The mark shown before a finding, and its words for assistive technology. */
export const VERDICT_MARKS: Readonly<Record<CheckVerdict, { mark: string; words: string }>> = {
  ok: { mark: '✓', words: 'works' },
  failed: { mark: '✗', words: 'does not work' },
  'not-checked': { mark: '–', words: 'not checked' },
};

export class ConnectionTestState {
  report = $state.raw<ConnectionReport | null>(null);
  running = $state(false);
  error = $state<string | null>(null);

  constructor(private readonly bridge: MarketdeskBridge) {}

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.error = null;
    try {
      this.report = await this.bridge.invoke('testConnection', {});
    } catch (error) {
      this.report = null;
      this.error = `The test could not run: ${errorMessage(error)}`;
    } finally {
      this.running = false;
    }
  }

  /** Forgets the report (the dialog closed). */
  clear(): void {
    this.report = null;
    this.error = null;
  }
}
