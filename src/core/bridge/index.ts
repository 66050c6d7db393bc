/**
 * The main side of the bridge (docs/architecture.md, "The bridge"): argument schemas,
 * the dispatcher, the handler table and the transport-agnostic server both shells
 * connect their windows to.
 */
export type { BridgeBackend, FeedPort, HistoryPort, ShellHooks } from './backend';
export { createBridgeServer } from './server';
export { ClientBudget } from './client-registry';
export type { BridgeConnection, BridgeServer, BridgeServerOptions } from './server';
export { createDispatcher } from './dispatcher';
export type { BridgeContext, CommandHandlers, Dispatcher, DispatcherOptions } from './dispatcher';
export { createHandlers, toCandlesPage } from './handlers';
export { BridgeFailure, describeIssues, toBridgeError } from './errors';
export { NewsLinks } from './news-links';
export { COMMAND_SCHEMAS, MAX_CODES, MAX_CANDLES, MAX_NEWS, MAX_WORKSPACE_BYTES } from './schemas';
