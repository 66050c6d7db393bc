export { AlertService, AlertNotFoundError, ALERTS_CLIENT_ID } from './alert-service';
export type { AlertFeed, AlertFired, AlertServiceDeps } from './alert-service';
export { AlertStore, ALERTS_FILE_NAME, ALERTS_FILE_VERSION } from './alert-store';
export { AlertIndex } from './alert-rules';
export type { Fired } from './alert-rules';
export { firingText, notificationPrice } from './alert-text';
