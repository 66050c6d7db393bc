/**
 * What a window does when an alert fires: the browser's notification (the browser
 * host; in Electron the main process shows the OS one and the renderer's permission is
 * denied by the security policy, so nothing shows twice) and a short tone made with
 * WebAudio (no sound file), which Settings can turn off. Every window is told of a
 * firing; one notification shows (the same `tag` replaces, not adds) and only the main
 * window plays the tone.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import { DisposableStore, type Disposable } from '../../../shared/emitter';
import type { Settings } from '../../../shared/model';

/** Where the first alert made records that permission was asked (asked once, ever). */
const ASKED_KEY = 'marketdesk.alerts.notificationsAsked';

/** The parts of `window` this module uses. */
interface FiringWindow {
  Notification?: {
    permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
    new (title: string, options?: NotificationOptions): unknown;
  };
  localStorage?: Storage;
}

/** Asks for permission to notify, once: on the first alert made, never at startup. */
export function askNotificationPermission(win: FiringWindow): void {
  const api = win.Notification;
  if (!api || api.permission !== 'default') return;
  try {
    if (win.localStorage?.getItem(ASKED_KEY)) return;
    win.localStorage?.setItem(ASKED_KEY, '1');
  } catch {
    // No storage (private mode): ask; the browser remembers a refusal itself.
  }
  void api.requestPermission().catch(() => undefined);
}

/** Two short beeps (880 Hz, then 660 Hz), made on the spot. */
function playTone(context: AudioContext): void {
  const start = context.currentTime + 0.01;
  for (const [i, hz] of [880, 660].entries()) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    const t = start + i * 0.18;
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.15);
    osc.connect(gain).connect(context.destination);
    osc.start(t);
    osc.stop(t + 0.16);
  }
}

export interface FiringOptions {
  bridge: MarketdeskBridge;
  win: Window;
  settings: () => Settings | null;
  /** The main window plays the tone; pop-outs do not (one tone per firing). */
  playsSound: boolean;
}

/** Notifies and sounds each firing in this window; disposing the answer stops it. */
export function followFirings({ bridge, win, settings, playsSound }: FiringOptions): Disposable {
  const store = new DisposableStore();
  // Browsers start audio only after a gesture on the page: the context is made on the first.
  let audio: AudioContext | null = null;
  const unlock = () => {
    const context = (audio ??= new AudioContext());
    void context.resume().catch(() => undefined);
  };
  if (playsSound && typeof AudioContext === 'function') {
    win.addEventListener('pointerdown', unlock, { once: true, capture: true });
    win.addEventListener('keydown', unlock, { once: true, capture: true });
    store.add(() => {
      win.removeEventListener('pointerdown', unlock, { capture: true });
      win.removeEventListener('keydown', unlock, { capture: true });
      void audio?.close().catch(() => undefined);
    });
  }
  store.add(
    bridge.on('alertFired', ({ alert, firing, title, body }) => {
      const api = (win as FiringWindow).Notification;
      if (api?.permission === 'granted') {
        try {
          new api(title, { body, tag: `marketdesk-alert:${alert.id}:${firing.at}` });
        } catch {
          // A browser that refuses page notifications (Android Chrome): the pane still lists it.
        }
      }
      if (playsSound && audio && settings()?.alertSound !== false) playTone(audio);
    }),
  );
  return store;
}
