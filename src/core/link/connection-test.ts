/**
 * Settings' connection **Test**: asks the service in use what works, the way a person
 * setting it up would want to know, in the order they have the facts — the address and
 * token (does REST answer, or refuse the token, or not answer at all), the stream (does
 * it connect, are subscriptions acknowledged, how many), and the plan (which markets the
 * workspace shows does the service refuse as outside it).
 *
 * It spends the plan's budget like any user request, and no more than the minute has
 * room for: one quote request per market, as many markets as the minute still allows
 * (at least one); the rest are said to be unchecked, not guessed. The stream is read from
 * the feed's own connections when it holds any (a second connection with the same token
 * would replace the app's on the free plan); only when the feed streams nothing does it
 * open a probe connection for one symbol, and close it.
 */
import type {
  ConnectionCheck,
  ConnectionReport,
  PlanName,
  StreamHealth,
  UnixMs,
} from '../../shared/model';
import type { MarketClient, QuoteClass } from '../api';
import { SUCCESS, classify, type Outcome } from '../health';
import type { StreamClient, StreamState } from '../stream';

/** One instrument of a market the workspace shows, asked for its quote. */
export interface QuotedMarket {
  cls: QuoteClass;
  region: string;
  code: string;
}

/** How long the stream probe waits for the service's answer to its subscription. */
export const STREAM_PROBE_MS = 10_000;

/** What the test reads and asks. */
export interface ConnectionTestDeps {
  mode: 'demo' | 'live';
  /** The origin in use. */
  address: string;
  plan: PlanName;
  /** The link's foreground client (what a user's request uses). */
  client: Pick<MarketClient, 'quotes' | 'requestsInLastMinute' | 'requestsPerMinute'>;
  /** One instrument per market the workspace shows quotes of; a default when none. */
  markets: readonly QuotedMarket[];
  /**
   * The feed's stream as the health model has it, and what the service said refusing
   * subscriptions as over its limit (null: it has not); null when streaming is off.
   */
  stream: { health: StreamHealth; refusal: string | null } | null;
  /**
   * Opens a connection for `market`'s class, subscribes its symbol, and answers the
   * state it reached (streaming, over the limit, refused, reconnecting) within
   * {@link STREAM_PROBE_MS}, closing it after. Used only while the feed streams nothing.
   */
  probeStream: (market: QuotedMarket) => Promise<StreamState>;
  /** Scrubs the token from the service's words. */
  redact: (text: string) => string;
  now: () => UnixMs;
  signal?: AbortSignal;
}

/** Asked when the workspace shows no quotes: the market every plan covers in the docs. */
const FALLBACK_MARKET: QuotedMarket = { cls: 'stock', region: 'US', code: 'AAPL' };

const marketName = (m: QuotedMarket): string => `${m.cls} · ${m.region}`;

/** Runs the test; never throws (each failure is a line of the report). */
export async function testConnection(deps: ConnectionTestDeps): Promise<ConnectionReport> {
  const report = (checks: ConnectionCheck[]): ConnectionReport => ({
    mode: deps.mode,
    address: deps.address,
    plan: deps.plan,
    checkedAt: deps.now(),
    checks,
  });
  if (deps.mode === 'demo') {
    return report([
      {
        subject: 'Token',
        verdict: 'failed',
        text: `No token is set for ${deps.address}: the app shows demo data and asks the service nothing. Set a token, then test again.`,
      },
    ]);
  }
  const markets = deps.markets.length > 0 ? deps.markets : [FALLBACK_MARKET];
  const rest = await askMarkets(deps, markets);
  const checks = [rest.summary, ...(await streamChecks(deps, markets[0]!, rest.tokenRefused))];
  return report([...checks, ...rest.markets]);
}

interface RestFindings {
  summary: ConnectionCheck;
  markets: ConnectionCheck[];
  tokenRefused: boolean;
}

/** One quote request per market, as many as the minute has room for. */
async function askMarkets(
  deps: ConnectionTestDeps,
  markets: readonly QuotedMarket[],
): Promise<RestFindings> {
  const room = Math.max(1, deps.client.requestsPerMinute - deps.client.requestsInLastMinute());
  const asked = markets.slice(0, room);
  const lines: ConnectionCheck[] = [];
  let answered = 0;
  let fastest = Infinity;
  let failure: { kind: string; message: string } | null = null;
  let done = 0;
  for (const market of asked) {
    const started = Date.now();
    const result = await deps.client.quotes(
      market.cls,
      { region: market.region, codes: [market.code] },
      deps.signal ? { signal: deps.signal } : {},
    );
    done++;
    const error = result.ok ? result.value.failed[market.code] : result.error;
    const outcome: Outcome =
      error === undefined
        ? SUCCESS
        : (classify(error) ?? { kind: 'failed', message: 'the test was cancelled' });
    if (outcome.kind === 'success' || outcome.kind === 'unknown-symbol') {
      answered++;
      fastest = Math.min(fastest, Date.now() - started);
      lines.push({ subject: marketName(market), verdict: 'ok', text: 'In your plan: it answers.' });
    } else if (outcome.kind === 'not-in-plan') {
      answered++;
      fastest = Math.min(fastest, Date.now() - started);
      lines.push({
        subject: marketName(market),
        verdict: 'failed',
        text: `Not in your plan: the service answers ${market.code} with no data.`,
      });
    } else {
      failure ??= { kind: outcome.kind, message: deps.redact(outcome.message) };
      lines.push({ subject: marketName(market), verdict: 'failed', text: failure.message });
      // A refused token, a dead address or a spent minute is the same for every market.
      if (outcome.kind !== 'failed') break;
    }
  }
  const used = deps.client.requestsInLastMinute();
  for (const market of markets.slice(done)) {
    lines.push({
      subject: marketName(market),
      verdict: 'not-checked',
      text:
        failure !== null && failure.kind !== 'failed'
          ? 'Not asked: see REST.'
          : `Not asked: the ${deps.plan} plan's minute has no room left (${used} of ${deps.client.requestsPerMinute} used). Its panes show what the service answers.`,
    });
  }
  const summary: ConnectionCheck =
    answered > 0
      ? {
          subject: 'REST',
          verdict: 'ok',
          text: `The service answers (${Math.round(fastest)} ms) and takes the token.`,
        }
      : { subject: 'REST', verdict: 'failed', text: restFailure(failure, deps.address) };
  return {
    summary,
    markets: answered > 0 ? lines : [],
    tokenRefused: failure?.kind === 'token-rejected',
  };
}

function restFailure(failure: { kind: string; message: string } | null, address: string): string {
  switch (failure?.kind) {
    case 'token-rejected':
      return `The service refused the token (${failure.message}). Set the token this address gave you.`;
    case 'unreachable':
      return `No answer from ${address} (${failure.message}). Check the address and the network.`;
    case 'rate-limited':
      return `The service refused the request as too many (${failure.message}): its minute is spent, by this app or another program on the same token.`;
    default:
      return `The service answered with an error: ${failure?.message ?? 'no answer'}.`;
  }
}

/** The stream and its subscriptions: the feed's own connections, or a probe. */
async function streamChecks(
  deps: ConnectionTestDeps,
  probe: QuotedMarket,
  tokenRefused: boolean,
): Promise<ConnectionCheck[]> {
  const stream = deps.stream;
  if (stream === null) {
    return [
      {
        subject: 'Stream',
        verdict: 'not-checked',
        text: 'Streaming is off in Settings: every price is polled.',
      },
    ];
  }
  if (tokenRefused) {
    return [
      { subject: 'Stream', verdict: 'not-checked', text: 'Not tried: the token was refused.' },
    ];
  }
  const health = stream.health;
  const words = health.message === null ? '' : ` (${deps.redact(health.message)})`;
  switch (health.state) {
    case 'streaming':
      return [
        { subject: 'Stream', verdict: 'ok', text: 'Connected and authenticated.' },
        subscriptionCheck(health, stream.refusal, deps.redact),
      ];
    case 'reconnecting':
      return [
        {
          subject: 'Stream',
          verdict: 'failed',
          text: `Does not connect${words}; prices are polled while it retries.`,
        },
      ];
    case 'polling':
      return [
        {
          subject: 'Stream',
          verdict: 'failed',
          text:
            health.reason === 'refused'
              ? `The stream refused the token${words}.`
              : `No subscription was acknowledged${words}; prices are polled.`,
        },
      ];
    case 'idle':
    case 'connecting':
      return probeChecks(await deps.probeStream(probe), probe, deps.redact);
  }
}

/**
 * The feed's subscriptions: acknowledged, and the rest polled — refused by the service
 * (below what the plan set allows: a failure), or left out by the plan's own limits.
 */
function subscriptionCheck(
  health: StreamHealth,
  refusal: string | null,
  redact: (text: string) => string,
): ConnectionCheck {
  const { streamed, polled } = health;
  const acked = `${streamed} symbol${streamed === 1 ? '' : 's'} subscribed and acknowledged`;
  if (refusal !== null) {
    return {
      subject: 'Subscriptions',
      verdict: 'failed',
      text: `${acked}; the service refused more (${redact(refusal)}). ${polled} are polled.`,
    };
  }
  if (polled === 0) return { subject: 'Subscriptions', verdict: 'ok', text: `${acked}.` };
  const why =
    health.message === null ? "The plan's stream limits are full." : redact(health.message);
  return {
    subject: 'Subscriptions',
    verdict: 'ok',
    text: `${acked}; ${polled} more are polled. ${why}`,
  };
}

/** What the probe connection reached. */
function probeChecks(
  state: StreamState,
  probe: QuotedMarket,
  redact: (text: string) => string,
): ConnectionCheck[] {
  const symbol = `${probe.code} (${probe.cls})`;
  switch (state.kind) {
    case 'streaming':
      return [
        { subject: 'Stream', verdict: 'ok', text: 'Connected and authenticated.' },
        { subject: 'Subscriptions', verdict: 'ok', text: `${symbol} subscribed and acknowledged.` },
      ];
    case 'over-limit':
      return [
        { subject: 'Stream', verdict: 'ok', text: 'Connected and authenticated.' },
        {
          subject: 'Subscriptions',
          verdict: 'failed',
          text: `${symbol} refused: ${redact(state.message)}.`,
        },
      ];
    case 'refused':
      return [
        {
          subject: 'Stream',
          verdict: 'failed',
          text: `Refused the token (${redact(state.message)}).`,
        },
      ];
    case 'reconnecting':
      return [
        {
          subject: 'Stream',
          verdict: 'failed',
          text: `Does not connect (${redact(state.message)}).`,
        },
      ];
    default:
      return [
        {
          subject: 'Stream',
          verdict: 'failed',
          text: `No answer within ${STREAM_PROBE_MS / 1000} s.`,
        },
      ];
  }
}

/** What the probe needs: a stream client for one class, at the address in use. */
export type ProbeOpener = (
  cls: QuotedMarket['cls'],
) => Pick<StreamClient, 'state' | 'onState' | 'setWanted' | 'dispose'>;

/** A state the probe can report: the service has answered the subscription (or will not). */
function settled(state: StreamState): boolean {
  switch (state.kind) {
    case 'streaming':
      return state.subscribed > 0;
    case 'over-limit':
    case 'refused':
    case 'reconnecting':
    case 'disposed':
      return true;
    default:
      return false;
  }
}

/**
 * Opens a connection for `market`'s class, subscribes its quote, and answers the first
 * settled state (or the state at {@link STREAM_PROBE_MS}); the connection is closed after.
 */
export async function probeStream(
  open: ProbeOpener,
  market: QuotedMarket,
  waitMs = STREAM_PROBE_MS,
): Promise<StreamState> {
  const stream = open(market.cls);
  try {
    return await new Promise<StreamState>((resolve) => {
      const finish = (state: StreamState): void => {
        clearTimeout(timer);
        listening.dispose();
        resolve(state);
      };
      const timer = setTimeout(() => finish(stream.state), waitMs);
      const listening = stream.onState((state) => {
        if (settled(state)) finish(state);
      });
      stream.setWanted([{ region: market.region, code: market.code, types: ['quote'] }]);
    });
  } finally {
    stream.dispose();
  }
}
