/**
 * Auto-update against the release feed (electron-updater, GitHub provider). The feed is
 * the build's, read from inside the asar (`configPath`, app-paths.ts): the copy
 * electron-builder writes beside the asar lies outside its integrity check, and it also
 * names the publisher Windows installers must be signed by. Off unless the
 * `autoUpdate` setting is on, and only in a packaged app. When on: a check at once and
 * then every few hours; a new version downloads in the background, and the user is
 * asked whether to restart now. "Later" installs it when the app quits next; nothing
 * restarts a running session without that answer.
 */
import type { TimerHandle, Timers } from '../shared/timers';
import { errorMessage } from '../shared/errors';

/** The part of electron-updater's `autoUpdater` used here. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  allowPrerelease: boolean;
  /** Where the feed (and the Windows publisher) is read from; set once, before any check. */
  updateConfigPath: string | null;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateControllerOptions {
  /** Loads electron-updater's autoUpdater (lazily: unpackaged runs never load it). */
  load(): Promise<UpdaterLike>;
  /** The build's update feed inside the asar (`AppPaths.updateConfig`). */
  configPath: string;
  /** Asks the user whether to restart now for `version`; true: restart. */
  ask(version: string): Promise<boolean>;
  timers: Timers;
  log(message: string): void;
  /** Between checks; default 6 hours. */
  intervalMs?: number;
}

export const UPDATE_CHECK_INTERVAL_MS = 6 * 3_600_000;

/** Turns checking on and off with the setting; asks before any restart. */
export class UpdateController {
  #updater: UpdaterLike | null = null;
  #enabled = false;
  #timer: TimerHandle | null = null;
  /** The version already asked about (one question per downloaded version). */
  #asked: string | null = null;

  constructor(private readonly options: UpdateControllerOptions) {}

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Follows the setting: on starts checking (now and periodically), off stops. */
  async setEnabled(enabled: boolean): Promise<void> {
    if (enabled === this.#enabled) return;
    this.#enabled = enabled;
    if (!enabled) {
      this.#stopTimer();
      if (this.#updater) this.#updater.autoInstallOnAppQuit = false;
      return;
    }
    try {
      const updater = await this.#load();
      if (!this.#enabled) return;
      updater.autoInstallOnAppQuit = true;
      await this.#check();
    } catch (error) {
      this.options.log(`marketdesk: updates: ${errorMessage(error)}`);
    }
  }

  /** Stops checking (app quitting). */
  dispose(): void {
    this.#enabled = false;
    this.#stopTimer();
  }

  async #load(): Promise<UpdaterLike> {
    if (this.#updater) return this.#updater;
    const updater = await this.options.load();
    // Downloads follow the setting; the install waits for the user (or the next quit).
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = false;
    // The feed and channel are the build's (app-update.yml, from electron-builder.yml),
    // read from the asar: no older version is taken, no pre-release is offered.
    updater.updateConfigPath = this.options.configPath;
    updater.allowDowngrade = false;
    updater.allowPrerelease = false;
    updater.on('error', (error) => this.options.log(`marketdesk: updates: ${errorMessage(error)}`));
    updater.on('update-downloaded', (info) => void this.#downloaded(info.version));
    this.#updater = updater;
    return updater;
  }

  /** One check, then the next one scheduled (while on). */
  async #check(): Promise<void> {
    this.#stopTimer();
    if (!this.#enabled || !this.#updater) return;
    try {
      await this.#updater.checkForUpdates();
    } catch (error) {
      this.options.log(`marketdesk: updates: the check failed: ${errorMessage(error)}`);
    }
    if (!this.#enabled || this.#timer !== null) return;
    const every = this.options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS;
    this.#timer = this.options.timers.setTimeout(() => {
      this.#timer = null;
      void this.#check();
    }, every);
  }

  async #downloaded(version: string): Promise<void> {
    if (!this.#enabled || this.#asked === version) return;
    this.#asked = version;
    const restart = await this.options.ask(version);
    if (restart && this.#enabled) this.#updater?.quitAndInstall(false, true);
    else this.options.log(`marketdesk: version ${version} installs when the app quits`);
  }

  #stopTimer(): void {
    if (this.#timer !== null) this.options.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
