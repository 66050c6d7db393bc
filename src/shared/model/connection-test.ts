/**
 * What Settings' connection **Test** found: the service in use asked what works —
 * REST answers, the stream connects and acknowledges subscriptions, and which markets
 * the workspace shows are outside the plan — each as one line for people.
 */
import type { PlanName, UnixMs } from './market';

/** One finding: it works, it does not, or it was not tried (and the text says why). */
export type CheckVerdict = 'ok' | 'failed' | 'not-checked';

export interface ConnectionCheck {
  /** What was checked: "REST", "Stream", "Subscriptions", or a market ("stock · HK"). */
  subject: string;
  verdict: CheckVerdict;
  /** What was found, in words (a service's text redacted). */
  text: string;
}

export interface ConnectionReport {
  mode: 'demo' | 'live';
  /** The origin that was tested. */
  address: string;
  plan: PlanName;
  checkedAt: UnixMs;
  checks: ConnectionCheck[];
}
