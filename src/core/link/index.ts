/**
 * The link to market data: which client is in use (demo or live), the token bound to
 * its origin, and the sources the history service reads through it.
 */
export {
  MarketLink,
  DEMO_REQUESTS_PER_MINUTE,
  type DemoService,
  type DemoStarter,
  type LinkClient,
  type LinkStreamOpener,
  type MarketLinkOptions,
} from './market-link';
export { TokenError } from './errors';
export {
  STREAM_PROBE_MS,
  probeStream,
  testConnection,
  type ConnectionTestDeps,
  type ProbeOpener,
  type QuotedMarket,
} from './connection-test';
export { baseUrlOverrideNotice, tokenNotSentNotice } from './link-notices';
export { SwitchingSources } from './switching-sources';
