/**
 * The Settings dialog's draft: the form as typed, what is wrong with each field, and
 * applying it. The checks are settings-form's (shared/model's rules); a field is not
 * called wrong while it is first being typed: problems show from the first Apply on
 * and then follow the typing, so fixing a field clears its message at once.
 */
import type { Settings, Theme, TimeZoneMode } from '../../../shared/model';
import {
  CONNECT_STEPS,
  SETTINGS_FORM_FIELDS,
  formErrors,
  fieldErrorId,
  formPatch,
  stepPatch,
  toForm,
} from './settings-form';
import type {
  ConnectStep,
  SettingsForm,
  SettingsFormErrors,
  SettingsFormField,
} from './settings-form';
import type { SettingsState } from './settings-state.svelte';

export class SettingsDraft {
  /** The inputs' values; null while the dialog is closed or the settings not loaded. */
  form = $state<SettingsForm | null>(null);
  /** Why the main side refused the change (or could not save it), for the whole form. */
  formError = $state<string | null>(null);
  saved = $state(false);
  /** The connect step saved last (its "Saved." shows beside it), or null. */
  stepSaved = $state<ConnectStep | null>(null);
  busy = $state(false);
  /** Checked: the whole form (Apply pressed), one step, or nothing yet. */
  #checked = $state<'all' | ConnectStep | null>(null);

  /** What is wrong with each field, once Apply (or a step's button) has been pressed. */
  readonly errors: SettingsFormErrors = $derived.by(() => {
    const form = this.form;
    const settings = this.#settings.settings;
    const checked = this.#checked;
    if (!form || !settings || checked === null) return {};
    if (checked === 'all') return formErrors(form, settings);
    const result = stepPatch(form, settings, checked);
    return 'errors' in result ? result.errors : {};
  });

  readonly #settings: SettingsState;

  constructor(settings: SettingsState) {
    this.#settings = settings;
  }

  /** `aria-invalid` of a field: set while it is wrong (once checked). */
  invalid(field: SettingsFormField): 'true' | undefined {
    return this.errors[field] ? 'true' : undefined;
  }

  /** A field's `aria-describedby`: its hint (its unit, the default) and, when it is wrong, why. */
  describedBy(field: SettingsFormField, hint?: string): string | undefined {
    return (
      [hint, this.errors[field] ? fieldErrorId(field) : undefined].filter(Boolean).join(' ') ||
      undefined
    );
  }

  /** Starts a fresh draft from `settings` (the dialog opened). */
  begin(settings: Settings): void {
    this.form = toForm(settings);
    this.#checked = null;
  }

  /** Forgets the draft and its messages (the dialog closed). */
  end(): void {
    this.form = null;
    this.formError = null;
    this.saved = false;
    this.stepSaved = null;
    this.#checked = null;
  }

  /**
   * Checks every field and, when all are right, sends what changed. Answers the first
   * wrong field, in the form's order (for the focus), or null.
   */
  async apply(): Promise<SettingsFormField | null> {
    const draft = this.#startApplying();
    if (!draft) return null;
    const { form, settings } = draft;
    this.#checked = 'all';
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

  /**
   * Saves one step of "Connect to a service" (the address, or the plan) and nothing
   * else typed: checks its fields and answers the first wrong one, or null. On success
   * the step's inputs show what was saved; the rest of the draft stays as typed.
   */
  async applyStep(step: ConnectStep): Promise<SettingsFormField | null> {
    const draft = this.#startApplying();
    if (!draft) return null;
    const { form, settings } = draft;
    if (this.#checked !== 'all') this.#checked = step;
    const result = stepPatch(form, settings, step);
    if ('errors' in result) return SETTINGS_FORM_FIELDS.find((f) => result.errors[f]) ?? null;
    if (Object.keys(result.patch).length > 0) {
      this.busy = true;
      const problem = await this.#settings.update(result.patch);
      this.busy = false;
      if (this.form !== form) return null;
      this.formError = problem;
      if (problem !== null) return null;
    }
    const now = this.#settings.settings;
    if (now) {
      const saved = toForm(now);
      for (const key of CONNECT_STEPS[step]) Object.assign(form, { [key]: saved[key] });
    }
    this.stepSaved = step;
    return null;
  }

  /** The draft and the settings it edits, its last outcome cleared; null when it cannot apply now. */
  #startApplying(): { form: SettingsForm; settings: Settings } | null {
    const form = this.form;
    const settings = this.#settings.settings;
    if (!form || !settings || this.busy) return null;
    this.saved = false;
    this.stepSaved = null;
    this.formError = null;
    return { form, settings };
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
