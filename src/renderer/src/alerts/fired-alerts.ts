/**
 * The firings a window shows until the user has seen them: a note per alert (its
 * newest firing replaces an older one of the same alert), newest first, a few at most,
 * and how many fired since the alerts were last looked at. Pure, so the rules are
 * tested without Svelte; `FiredAlerts` (./fired-alerts.svelte) holds them as state.
 */
import type { Events } from '../../../shared/bridge';

/** One firing as the window shows it: the bridge's `alertFired` event and its key. */
export interface FiredNote extends Readonly<Events['alertFired']> {
  /** One per firing: the alert and when it fired. */
  key: string;
}

/** Most notes shown at once (the status bar's count has the rest). */
export const MAX_NOTES = 3;

export interface FiredState {
  notes: readonly FiredNote[];
  /** Firings since the alerts pane was last opened from the count. */
  unseen: number;
}

export const NO_FIRINGS: FiredState = { notes: [], unseen: 0 };

/** A firing arrived. */
export function addFiring(state: FiredState, event: Events['alertFired']): FiredState {
  const key = `${event.alert.id}:${event.firing.firedAt ?? event.firing.at}`;
  if (state.notes.some((n) => n.key === key)) return state;
  const others = state.notes.filter((n) => n.alert.id !== event.alert.id);
  return {
    notes: [{ ...event, key }, ...others].slice(0, MAX_NOTES),
    unseen: state.unseen + 1,
  };
}

/** The user closed a note. */
export function dismissFiring(state: FiredState, key: string): FiredState {
  const notes = state.notes.filter((n) => n.key !== key);
  return notes.length === state.notes.length ? state : { ...state, notes };
}

/** The user opened the alerts: the count starts again; the notes stay until closed. */
export function seenFirings(state: FiredState): FiredState {
  return state.unseen === 0 ? state : { ...state, unseen: 0 };
}
