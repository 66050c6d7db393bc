/**
 * What the status bar says about an AppStatus, as plain text (tested without a DOM).
 */
import type { AppStatus, TokenStorage } from '../../../shared/model';

export type Tone = 'ok' | 'demo' | 'warn' | 'bad';

export interface StatusText {
  /** LIVE, DEMO DATA, OFFLINE… */
  mode: string;
  modeTone: Tone;
  /** e.g. "since 14:02 · showing cached data"; '' when online. */
  modeDetail: string;
  /** e.g. "Plan base · 10 codes/request". */
  plan: string;
  /** e.g. "42/60 req/min". */
  budget: string;
  /** e.g. "polling slowed ×1.5 to fit the plan"; '' when not stretched. */
  stretch: string;
  /** e.g. "Updated 14:02:11"; '' before any data. */
  lastUpdate: string;
}

/** Formats a time as hh:mm or hh:mm:ss in the user's zone. */
export type TimeFormat = (time: number, seconds: boolean) => string;

export const localTime: TimeFormat = (time, seconds) =>
  new Date(time).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hour12: false,
  });

export function describeStatus(status: AppStatus, format: TimeFormat = localTime): StatusText {
  const offline = status.connection === 'offline';
  let mode: string;
  let modeTone: Tone;
  if (offline) {
    mode = status.mode === 'demo' ? 'OFFLINE (demo)' : 'OFFLINE';
    modeTone = 'bad';
  } else if (status.connection === 'connecting') {
    mode = status.mode === 'demo' ? 'DEMO DATA · connecting' : 'CONNECTING';
    modeTone = 'warn';
  } else if (status.mode === 'demo') {
    mode = 'DEMO DATA';
    modeTone = 'demo';
  } else {
    mode = 'LIVE';
    modeTone = 'ok';
  }
  const since =
    status.offlineSince === null ? '' : `since ${format(status.offlineSince, false)} · `;
  const { requestsPerMinute, wantedPerMinute, stretch } = status.budget;
  const used = Math.round(Math.min(wantedPerMinute, requestsPerMinute));
  return {
    mode,
    modeTone,
    modeDetail: offline ? `${since}showing cached data` : '',
    plan: `Plan ${status.plan.name} · ${status.plan.maxCodes} codes/request`,
    budget: `${used}/${Math.round(requestsPerMinute)} req/min`,
    stretch: stretch > 1.005 ? `polling slowed ×${stretch.toFixed(1)} to fit the plan` : '',
    lastUpdate: status.lastUpdate === null ? '' : `Updated ${format(status.lastUpdate, true)}`,
  };
}

const STORAGE_TEXT: Record<TokenStorage, string> = {
  keychain: 'stored in the OS keychain',
  'safe-storage': 'stored encrypted on this computer',
  session: 'held for this session only',
  environment: 'from MARKETDESK_TOKEN',
};

/** "A token is set — stored in the OS keychain", or that none is. Never the token. */
export function describeToken(status: AppStatus | null): string {
  if (!status || !status.hasToken) return 'No token is set — the terminal shows demo data.';
  const where = status.tokenStorage ? STORAGE_TEXT[status.tokenStorage] : 'stored';
  const session =
    status.tokenSessionOnly && status.tokenStorage !== 'session'
      ? ' (held for this session only: no keychain works here)'
      : '';
  return `A token is set — ${where}${session}.`;
}
