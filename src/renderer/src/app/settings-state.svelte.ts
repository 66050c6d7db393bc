/**
 * The user's settings: loaded once, changed through `setSettings`. A change shows at
 * once (the theme must not wait for a round trip) and is rolled back if refused.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Settings, Theme } from '../../../shared/model';
import { settingsErrorText } from './settings-form';
import { errorMessage } from '../../../shared/errors';

export class SettingsState {
  settings = $state.raw<Settings | null>(null);
  loadError = $state<string | null>(null);
  readonly theme: Theme = $derived(this.settings?.theme ?? 'dark');

  constructor(private readonly bridge: MarketdeskBridge) {}

  async load(): Promise<void> {
    try {
      this.settings = await this.bridge.invoke('getSettings', {});
    } catch (error) {
      this.loadError = errorMessage(error);
    }
  }

  /**
   * Applies a patch; answers why when it is refused, in the main side's words for
   * people (without the command and field paths around them).
   */
  async update(patch: Partial<Settings>): Promise<string | null> {
    const before = this.settings;
    if (before) this.settings = { ...before, ...patch };
    try {
      this.settings = await this.bridge.invoke('setSettings', { patch: $state.snapshot(patch) });
      return null;
    } catch (error) {
      this.settings = before;
      return settingsErrorText(error);
    }
  }

  /**
   * Turns updates on or off: the Settings dialog's switch, on the user's click. Turning
   * them on is confirmed by the user in the shell's own dialog; declined, nothing changes.
   * Answers why when refused.
   */
  async setAutoUpdate(enabled: boolean): Promise<string | null> {
    try {
      this.settings = await this.bridge.invoke('setAutoUpdate', { enabled });
      return null;
    } catch (error) {
      return settingsErrorText(error);
    }
  }

  toggleTheme(): Promise<string | null> {
    return this.update({ theme: this.theme === 'dark' ? 'light' : 'dark' });
  }
}
