/**
 * The Settings dialog's draft: the form as typed, what is wrong with each field, and
 * applying it. The checks are settings-form's (shared/model's rules); a field is not
 * called wrong while it is first being typed: problems show from the first Apply on
 * and then follow the typing, so fixing a field clears its message at once.
 */
import type { Settings, Theme, TimeZoneMode } from '../../../shared/model';
import { SETTINGS_FORM_FIELDS, formErrors, formPatch, toForm } from './settings-form';
import type { SettingsForm, SettingsFormErrors, SettingsFormField } from './settings-form';
import type { SettingsState } from './settings-state.svelte';

export class SettingsDraft {
  /** The inputs' values; null while the dialog is closed or the settings not loaded. */
  form = $state<SettingsForm | null>(null);
  /** Why the main side refused the change (or could not save it), for the whole form. */
  formError = $state<string | null>(null);
  saved = $state(false);
  busy = $state(false);
  #checked = $state(false);

  /** What is wrong with each field, once Apply has been pressed. */
  readonly errors: SettingsFormErrors = $derived.by(() => {
    const form = this.form;
    const settings = this.#settings.settings;
    return form && settings && this.#checked ? formErrors(form, settings) : {};
  });

  readonly #settings: SettingsState;

  constructor(settings: SettingsState) {
    this.#settings = settings;
  }

  /** Starts a fresh draft from `settings` (the dialog opened). */
  begin(settings: Settings): void {
    this.form = toForm(settings);
    this.#checked = false;
  }

  /** Forgets the draft and its messages (the dialog closed). */
  end(): void {
    this.form = null;
    this.formError = null;
    this.saved = false;
    this.#checked = false;
  }

  /**
   * Checks every field and, when all are right, sends what changed. Answers the first
   * wrong field, in the form's order (for the focus), or null.
   */
  async apply(): Promise<SettingsFormField | null> {
    const form = this.form;
    const settings = this.#settings.settings;
    if (!form || !settings || this.busy) return null;
    this.saved = false;
    this.formError = null;
    this.#checked = true;
    const result = formPatch(form, settings);
    if ('errors' in result) return SETTINGS_FORM_FIELDS.find((f) => result.errors[f]) ?? null;
    if (Object.keys(result.patch).length === 0) {
      this.saved = true;
      return null;
    }
    this.busy = true;
    const problem = await this.#settings.update(result.patch);
    this.busy = false;
    // Closed (or reopened) while the change was on its way: that draft is gone.
    if (this.form !== form) return null;
    this.formError = problem;
    this.saved = problem === null;
    const now = this.#settings.settings;
    if (this.saved && now) this.begin(now);
    return null;
  }

  /** The update switch: applied at once, through its own command (see SettingsState). */
  async setAutoUpdate(enabled: boolean): Promise<void> {
    this.formError = await this.#settings.setAutoUpdate(enabled);
  }

  /** Theme, time zone and the alert sound apply as soon as they are picked. */
  async setImmediate(
    patch: { theme: Theme } | { timeZone: TimeZoneMode } | { alertSound: boolean },
  ): Promise<void> {
    this.formError = await this.#settings.update(patch);
  }
}
