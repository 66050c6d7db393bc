/**
 * The OS notification of a fired alert in the Electron shell: one per firing, from the
 * main process (so one, whatever windows are open, and none asked of a renderer — the
 * security policy denies renderers' permission requests). A click brings the main
 * window forward. The words are core's (`firingText`), the browser host's too.
 */
import { existsSync } from 'node:fs';
import type { Disposable, Event } from '../shared/emitter';
import { firingText, type AlertFired } from '../core/alerts';

/** The part of Electron's `Notification` the notifier uses (injected for tests). */
export interface NotificationApi {
  isSupported(): boolean;
  new (options: { title: string; body: string; icon?: string; silent?: boolean }): {
    on(event: 'click', listener: () => void): unknown;
    show(): void;
  };
}

export interface AlertNotifierDeps {
  onFired: Event<AlertFired>;
  Notification: NotificationApi;
  /** The app's icon, when the build ships one. */
  icon: string | null;
  /** A click on the notification. */
  onClick(): void;
  log(message: string): void;
}

/** The app's icon file (app-paths.ts) when it is there, else null (a bare notification). */
export function appIcon(file: string): string | null {
  return existsSync(file) ? file : null;
}

/** Shows a notification for each firing; returns what stops it. */
export function notifyFiredAlerts(deps: AlertNotifierDeps): Disposable {
  return deps.onFired(({ alert, firing }) => {
    if (!deps.Notification.isSupported()) return;
    try {
      const { title, body } = firingText(alert, firing);
      // Silent: the renderer plays the alert's own tone, which Settings can turn off.
      const notification = new deps.Notification({
        title,
        body,
        silent: true,
        ...(deps.icon ? { icon: deps.icon } : {}),
      });
      notification.on('click', deps.onClick);
      notification.show();
    } catch (error) {
      deps.log(
        `marketdesk: alert notification: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
}
