import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Emitter } from '../shared/emitter';
import { testAlert } from '../shared/testing/alerts';
import type { AlertFired } from '../core/alerts';
import { tempFolder } from '../core/testing/temp-folder';
import { appIcon, notifyFiredAlerts, type NotificationApi } from './alert-notifier';

const FIRED: AlertFired = {
  alert: testAlert({
    state: 'fired',
    lastFired: { at: Date.UTC(2026, 0, 5, 14, 30, 5), price: 231.4 },
    firedCount: 1,
  }),
  firing: { at: Date.UTC(2026, 0, 5, 14, 30, 5), price: 231.4 },
};

function fakeNotification(supported = true) {
  const shown: { options: Record<string, unknown>; click?: () => void }[] = [];
  const Api = class {
    static isSupported = () => supported;
    readonly entry: (typeof shown)[number];
    constructor(options: Record<string, unknown>) {
      this.entry = { options };
    }
    on(_event: 'click', listener: () => void) {
      this.entry.click = listener;
    }
    show() {
      shown.push(this.entry);
    }
  } as unknown as NotificationApi;
  return { Api, shown };
}

describe('notifyFiredAlerts', () => {
  it('shows one silent notification per firing, in core words, with the icon; a click shows the app', () => {
    const fired = new Emitter<AlertFired>();
    const { Api, shown } = fakeNotification();
    let clicks = 0;
    notifyFiredAlerts({
      onFired: fired.event,
      Notification: Api,
      icon: '/app/icon.png',
      onClick: () => clicks++,
      log: () => undefined,
    });
    fired.fire(FIRED);
    expect(shown.map((s) => s.options)).toEqual([
      {
        title: 'Alert: AAPL US above 230.00',
        body: 'AAPL US at 231.40 (14:30:05 UTC)',
        silent: true,
        icon: '/app/icon.png',
      },
    ]);
    shown[0]!.click?.();
    expect(clicks).toBe(1);
  });

  it('shows nothing where the OS has no notifications, and stops when disposed', () => {
    const fired = new Emitter<AlertFired>();
    const none = fakeNotification(false);
    notifyFiredAlerts({
      onFired: fired.event,
      Notification: none.Api,
      icon: null,
      onClick: () => 0,
      log: () => 0,
    });
    fired.fire(FIRED);
    expect(none.shown).toEqual([]);
    const some = fakeNotification();
    const stop = notifyFiredAlerts({
      onFired: fired.event,
      Notification: some.Api,
      icon: null,
      onClick: () => 0,
      log: () => 0,
    });
    stop.dispose();
    fired.fire(FIRED);
    expect(some.shown).toEqual([]);
  });

  it("uses the app's icon only when the file is there", () => {
    const folder = tempFolder();
    const file = path.join(folder, 'icon.png');
    expect(appIcon(file)).toBeNull();
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, '');
    expect(appIcon(file)).toBe(file);
  });
});
