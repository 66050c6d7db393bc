/**
 * What the market link tells the user (through the notice service) about the token's
 * binding and the environment's base URL.
 */
import type { TokenStorage } from '../../shared/model';
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
