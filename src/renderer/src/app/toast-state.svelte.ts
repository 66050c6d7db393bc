/**
 * The one short-lived message with an action ("Pane closed — Undo"): a newer toast
 * replaces the shown one, and each leaves by itself after a while or when its action
 * runs.
 */
import type { Timers } from '../../../shared/timers';
import { systemTimers } from '../../../shared/timers';

export interface Toast {
  text: string;
  /** The button's words ("Undo") and what it does. */
  action?: { label: string; run: () => void };
}

/** How long a toast stays; one with an action longer, and none while the pointer or focus is on it. */
export const TOAST_MS = 6000;
export const ACTION_TOAST_MS = 12_000;

export class ToastState {
  current = $state.raw<Toast | null>(null);
  #timer: unknown = null;

  constructor(private readonly timers: Timers = systemTimers) {}

  show(toast: Toast): void {
    this.current = toast;
    this.resume();
  }

  /** Keeps the toast while it is being read or reached for (pointer or focus on it). */
  hold(): void {
    this.#clearTimer();
  }

  /** Starts the toast's time again. */
  resume(): void {
    this.#clearTimer();
    if (!this.current) return;
    const ms = this.current.action ? ACTION_TOAST_MS : TOAST_MS;
    this.#timer = this.timers.setTimeout(() => this.dismiss(), ms);
  }

  /** Runs the shown toast's action, then dismisses it. */
  act(): void {
    const action = this.current?.action;
    this.dismiss();
    action?.run();
  }

  dismiss(): void {
    this.#clearTimer();
    this.current = null;
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
