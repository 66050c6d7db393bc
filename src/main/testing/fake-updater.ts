/** electron-updater's autoUpdater for the shell's tests: counts checks, records installs. */
import { EventEmitter } from 'node:events';
import type { UpdaterLike } from '../updates';

export class FakeUpdater extends EventEmitter implements UpdaterLike {
  // Off, so a test sees the controller turn them on.
  autoDownload = false;
  autoInstallOnAppQuit = false;
  allowDowngrade = true;
  allowPrerelease = true;
  updateConfigPath: string | null = null;
  checks = 0;
  /** Each `quitAndInstall` call's arguments (isSilent, isForceRunAfter). */
  installs: [boolean | undefined, boolean | undefined][] = [];
  /** Set: the next checks fail with it. */
  fail: Error | null = null;

  async checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    if (this.fail) throw this.fail;
    return null;
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}
