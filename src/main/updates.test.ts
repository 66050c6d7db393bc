import { describe, expect, it } from 'vitest';
import { ManualTimers, flush } from '../shared/testing/manual-timers';
import { FakeUpdater } from './testing/fake-updater';
import { UPDATE_CHECK_INTERVAL_MS, UpdateController } from './updates';

const FEED_IN_ASAR = '/opt/Marketdesk/resources/app.asar/out/main/app-update.yml';

function setup(answer: boolean) {
  const updater = new FakeUpdater();
  const timers = new ManualTimers();
  const asked: string[] = [];
  const logged: string[] = [];
  let loads = 0;
  const controller = new UpdateController({
    load: async () => {
      loads += 1;
      return updater;
    },
    configPath: FEED_IN_ASAR,
    ask: async (version) => {
      asked.push(version);
      return answer;
    },
    timers,
    log: (line) => logged.push(line),
  });
  return { updater, timers, asked, logged, controller, loads: () => loads };
}

describe('UpdateController', () => {
  it('never loads the updater or checks while off (the default)', async () => {
    const { controller, timers, loads } = setup(true);
    await controller.setEnabled(false);
    await timers.advance(3 * UPDATE_CHECK_INTERVAL_MS);
    expect(loads()).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('takes no older version and no pre-release: the feed and channel are the build’s', async () => {
    const { controller, updater } = setup(true);
    await controller.setEnabled(true);
    expect(updater.allowDowngrade).toBe(false);
    expect(updater.allowPrerelease).toBe(false);
    // Read from inside the asar, not from electron-builder's copy beside it (issue 24).
    expect(updater.updateConfigPath).toBe(FEED_IN_ASAR);
  });

  it('checks at once and then every interval while on, and stops when turned off', async () => {
    const { controller, updater, timers } = setup(true);
    await controller.setEnabled(true);
    expect(updater.checks).toBe(1);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    await timers.advance(UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(2);
    await controller.setEnabled(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await timers.advance(5 * UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(2);
  });

  it('asks before restarting for a downloaded version, once, and restarts only on yes', async () => {
    const yes = setup(true);
    await yes.controller.setEnabled(true);
    yes.updater.emit('update-downloaded', { version: '1.2.0' });
    yes.updater.emit('update-downloaded', { version: '1.2.0' });
    await flush();
    expect(yes.asked).toEqual(['1.2.0']);
    expect(yes.updater.installs).toEqual([[false, true]]);

    const later = setup(false);
    await later.controller.setEnabled(true);
    later.updater.emit('update-downloaded', { version: '1.2.0' });
    await flush();
    expect(later.asked).toEqual(['1.2.0']);
    expect(later.updater.installs).toEqual([]);
    expect(later.logged).toContain('marketdesk: version 1.2.0 installs when the app quits');
  });

  it('says why a check failed and keeps checking', async () => {
    const { controller, updater, timers, logged } = setup(true);
    updater.fail = new Error('net::ERR_INTERNET_DISCONNECTED');
    await controller.setEnabled(true);
    expect(logged).toEqual([
      'marketdesk: updates: the check failed: net::ERR_INTERNET_DISCONNECTED',
    ]);
    updater.fail = null;
    await timers.advance(UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(2);
  });
});
