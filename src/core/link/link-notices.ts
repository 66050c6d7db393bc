/**
 * What the market link tells the user (through the notice service) about the token's
 * binding and the environment's base URL.
 */
import {
  PLAN_LIMITS,
  planFittingRequests,
  type PlanName,
  type TokenStorage,
} from '../../shared/model';
import { BASE_URL_ENV_VAR, TOKEN_ENV_VAR } from '../secrets';

/**
 * Said while a token is kept for another origin than the service in use: why nothing is
 * sent, and what to do. The environment's token cannot be replaced from the app.
 */
export function tokenNotSentNotice(
  storage: TokenStorage,
  boundOrigin: string,
  currentOrigin: string,
): string {
  if (storage === 'environment') {
    return (
      `${TOKEN_ENV_VAR} is for ${boundOrigin}, so it is not sent to ${currentOrigin}. ` +
      `Set ${BASE_URL_ENV_VAR} to the address the token is for, or unset ${TOKEN_ENV_VAR} to enter a token here.`
    );
  }
  return (
    `The token was given for ${boundOrigin}, so it is not sent to ${currentOrigin}. ` +
    'Enter the token for this address in Settings, or set the address back.'
  );
}

/** Said while the environment's base URL hides a different one in Settings. */
export function baseUrlOverrideNotice(override: string, inSettings: string): string {
  return `${BASE_URL_ENV_VAR} is set: data comes from ${override}, not from the base URL in Settings (${inSettings}).`;
}

/**
 * Said when the service answers 429 though the client kept to the plan's minute (it
 * never sends more than the plan allows): the token's plan seems smaller than the one
 * set, or another program spends the same token. Names the plan that fits what was
 * sent, so the user can switch to it in Settings.
 */
export function planMismatchNotice(plan: PlanName, sentInLastMinute: number): string {
  const limit = PLAN_LIMITS[plan].requestsPerMinute;
  const smaller = planFittingRequests(sentInLastMinute);
  const sent = `${sentInLastMinute} request${sentInLastMinute === 1 ? '' : 's'} in the last minute`;
  const seems = smaller
    ? `the token seems to be on the ${smaller} plan (${PLAN_LIMITS[smaller].requestsPerMinute} a minute), or another program uses it`
    : 'another program seems to use the same token';
  return (
    `The service refused requests as too many (429) after ${sent}, fewer than the ${plan} plan's ${limit}: ` +
    `${seems}. ${smaller ? `Switch to the ${smaller} plan to stay within it.` : ''}`
  ).trim();
}
