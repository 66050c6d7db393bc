/**
 * The app's link to market data: which `MarketClient` is in use and against what.
 * With a token for the service's origin: the base URL (live). Without one: the demo
 * service, the simulator on a loopback port, started by the `demo` the composition root
 * hands in (core does not import the simulator). Token and connection
 * settings changes rebuild the client; listeners (the feed hub) get the new one, and
 * the history service's sources switch over without being rebuilt. A new token, address
 * or mode is a new link: the health service starts over (a refused token is tried again
 * only then).
 *
 * A token is bound to the origin it was given for (see core/secrets) and is only ever
 * sent there: the base URL and the token of a client are chosen together, in one step,
 * from the binding. After a change of origin nothing is sent until the user sets a token
 * for the new one (or sets the address back). The base URL is `MARKETDESK_BASE_URL`
 * when the environment names one (`baseUrlOverride`), else the one in Settings.
 */
import { Emitter, type Disposable, type Event } from '../../shared/emitter';
import type { DataSourceId, TokenStorage, UnixMs } from '../../shared/model';
import {
  liveSourceId,
  planFittingRequests,
  planOf,
  sourceKind,
  type PlanName,
} from '../../shared/model';
import { DEFAULT_REQUESTS_PER_MINUTE, MarketClient } from '../api';
import { redactSecrets } from '../redact';
import { RedactingMarketClient } from '../redacting-client';
import type { HealthService } from '../health';
import { MarketSources } from '../market-sources';
import { isTokenFor, tokenOrigin, validateToken, type SecretStore } from '../secrets';
import type { SettingsStore } from '../settings';
import { TokenError } from './errors';
import { NoticeService } from '../notices';
import { baseUrlOverrideNotice, planMismatchNotice, tokenNotSentNotice } from './link-notices';
import { SwitchingSources } from './switching-sources';
import { errorMessage } from '../../shared/errors';
import { StreamClient, type StreamClientOptions } from '../stream';

/** The notice topic of a plan the service's 429s contradict. */
const PLAN_TOPIC = 'plan';

export interface MarketLinkOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  now: () => UnixMs;
  /** Starts the demo service (the simulator), handed in by the composition root. */
  demo: DemoStarter;
  /**
   * The status's notices: the link keeps its own there (a token not sent to this
   * address, the environment's base URL). Default a private one.
   */
  notices?: NoticeService;
  /**
   * The base URL from the environment (`MARKETDESK_BASE_URL`, already checked as the
   * Settings field is): it wins over Settings, as on the command line. Default none.
   */
  baseUrlOverride?: string | null;
  /**
   * The one health service: reset when a client is built for a new token, base URL or
   * mode — after the listeners switched to it, so nothing held back (a refused token) is
   * asked again with the old client. A plan or budget change keeps its verdict.
   */
  health?: HealthService;
}

/**
 * A 429 reaches the health service at once, which holds every request until its
 * `Retry-After` (the hub pauses, history waits, a company card answers from the cache),
 * instead of each call waiting inside the client for up to a minute per attempt.
 */
const CLIENT_RETRY = { maxRetryAfterMs: 0 };

/**
 * Request budget of demo mode unless the user set one. The built-in simulator has no
 * rate limit, so the demo polls at the wanted intervals instead of stretching them to
 * a guessed budget of the live service.
 */
export const DEMO_REQUESTS_PER_MINUTE = 6_000;

/** A running demo service (the simulator on a loopback port): where it answers and its public token. */
export interface DemoService {
  readonly baseUrl: string;
  readonly token: string;
  close(): Promise<void>;
}

/**
 * Starts the demo service on the app's clock. Core does not import the simulator: the
 * composition roots (Electron shell, browser host, tests) pass the simulator's
 * `startDemoService`.
 */
export type DemoStarter = (now: () => UnixMs) => Promise<DemoService>;

/** The link's topics in the notice service. */
const TOKEN_TOPIC = 'link.token-not-sent';
const OVERRIDE_TOPIC = 'link.base-url-override';

/**
 * Opens a stream client on the address of the client in use, with its token (the demo's
 * in demo mode): the token goes only where the REST client sends it.
 */
export type LinkStreamOpener = (
  options: Omit<StreamClientOptions, 'baseUrl' | 'token'>,
) => StreamClient;

/** A new client in use, with its request budget and its stream. */
export interface LinkClient {
  client: MarketClient;
  requestsPerMinute: number;
  openStream: LinkStreamOpener;
}

/** A token with the origin it may be sent to. */
interface BoundToken {
  token: string;
  origin: string;
}

export class MarketLink {
  readonly sources = new SwitchingSources();
  #client: MarketClient | null = null;
  #openStream: LinkStreamOpener | null = null;
  #rpm = 0;
  /** The plan the service's 429s point to (see planMismatchNotice); null when none do. */
  #suggestedPlan: PlanName | null = null;
  /** The stored token and its origin; sent only while the base URL is of that origin. */
  #bound: BoundToken | null = null;
  // Tokens replaced this session: still scrubbed from anything leaving (a late error).
  readonly #former = new Set<string>();
  readonly #notices: NoticeService;
  #demo: DemoService | null = null;
  #lastError: string | null = null;
  /** A replay's loopback service the client points at instead (core/replay); null outside one. */
  #replay: { baseUrl: string; token: string; source: DataSourceId } | null = null;
  /** Bumped on every token change (set or cleared): part of the link's identity. */
  #tokenEpoch = 0;
  /** Mode, address and token epoch of the client in use: a change is a new link. */
  #identity: string | null = null;
  #chain: Promise<void> = Promise.resolve();
  #disposed = false;
  // Token operations under way (awaiting the store before their rebuild): dispose waits.
  readonly #pending = new Set<Promise<unknown>>();
  readonly #clientChanged = new Emitter<LinkClient>();
  /** Told with every new client (and its request budget). */
  readonly onClient: Event<LinkClient> = this.#clientChanged.event;
  readonly #settingsListener: Disposable;

  constructor(private readonly options: MarketLinkOptions) {
    this.#notices = options.notices ?? new NoticeService();
    this.#settingsListener = options.settings.onChange(({ settings: next, previous }) => {
      // Said at once: from this moment `hasToken` and `mode` follow the binding, and the
      // next client is built with the new address and only a token bound to it (a
      // compromised page pointing the address at its own server gets nothing).
      this.#syncNotices();
      const addressChanged = !this.#override && next.baseUrl !== previous.baseUrl;
      const changed =
        addressChanged ||
        next.plan !== previous.plan ||
        next.enterpriseMaxCodes !== previous.enterpriseMaxCodes ||
        next.requestsPerMinute !== previous.requestsPerMinute ||
        next.requestTimeoutMs !== previous.requestTimeoutMs;
      if (changed) {
        this.#rebuild().catch((error: unknown) => {
          // The old client stays in use: say so rather than let the status claim the new one.
          const reason = errorMessage(error);
          this.#lastError = `The market data connection could not be switched (${reason}); the previous one is still in use.`;
        });
      }
    });
  }

  /**
   * Reads the stored token and builds the first client. A token stored before tokens
   * were bound is bound now to the base URL in Settings — the address it was being sent
   * to — and stored again with it (if that write fails it is bound for this session, and
   * bound again at the next launch).
   */
  async start(): Promise<void> {
    const stored = await this.options.secrets.get();
    if (!stored.ok) {
      this.#lastError = `The stored token could not be read: ${stored.error.message}`;
    } else if (stored.value !== null) {
      const { token } = stored.value;
      let origin = stored.value.origin;
      if (origin === null) {
        origin = tokenOrigin(this.options.settings.get().baseUrl);
        await this.options.secrets.set(token, origin);
      }
      this.#bound = { token, origin };
    }
    this.#syncNotices();
    await this.#rebuild();
  }

  /** The client in use (built by `start`). */
  get client(): MarketClient {
    if (!this.#client) throw new Error('MarketLink.start() has not run');
    return this.#client;
  }

  /**
   * The plan the service's 429s point to: it refused requests as too many below the
   * chosen plan's minute. Null when it has not, or no smaller plan fits (another program
   * spends the token). Cleared with every new client (a new plan or service).
   */
  get suggestedPlan(): PlanName | null {
    return this.#suggestedPlan;
  }

  get requestsPerMinute(): number {
    return this.#rpm;
  }

  /** Opens stream clients for the client in use (built by `start`). */
  get openStream(): LinkStreamOpener {
    if (!this.#openStream) throw new Error('MarketLink.start() has not run');
    return this.#openStream;
  }

  /**
   * The mode of the client in use (with the source: a rebuild under way has not switched
   * yet); during a replay, the mode of the source it replays (the status says REPLAY).
   */
  get mode(): 'demo' | 'live' {
    const source = this.source;
    return source === 'demo' || source === 'replay:demo' ? 'demo' : 'live';
  }

  /**
   * Points the client at a replay's loopback service (its own source id), or back to the
   * demo or live service with null. The demo service keeps running meanwhile.
   */
  replay(target: { baseUrl: string; token: string; source: DataSourceId } | null): Promise<void> {
    this.#replay = target;
    return this.#rebuild();
  }

  /** The base URL in use: the environment's, else the one in Settings. */
  get baseUrl(): string {
    return this.#override ?? this.options.settings.get().baseUrl;
  }

  /**
   * Where the data comes from now: the demo service, or the live service's origin —
   * the client in use's (settings and token move before its rebuild).
   */
  get source(): DataSourceId {
    if (this.sources.current) return this.sources.sourceId;
    return this.#token() === null ? 'demo' : liveSourceId(this.baseUrl);
  }

  /** True when a token is held for the origin of the base URL in use (it is sent there). */
  get hasToken(): boolean {
    return this.#token() !== null;
  }

  /** Where the token is kept (keychain, session…), never the token. */
  get secretsKind(): TokenStorage {
    return this.options.secrets.kind;
  }

  /** The demo service's address while in demo mode. */
  get demoUrl(): string | null {
    return this.#demo?.baseUrl ?? null;
  }

  /** A problem with the token store a user should see, or null. */
  get lastError(): string | null {
    return this.#lastError;
  }

  /**
   * Stores the token for the origin of the base URL in use now, and switches to live
   * mode. The origin is taken before any await: an address changed meanwhile does not
   * receive it. Throws TokenError when the store refuses.
   */
  setToken(token: string): Promise<void> {
    return this.#track(async () => {
      const valid = validateToken(token);
      if (!valid.ok) throw TokenError.of(valid.error);
      const origin = tokenOrigin(this.baseUrl);
      const stored = await this.options.secrets.set(valid.value, origin);
      if (!stored.ok) throw TokenError.of(stored.error);
      const old = this.#bound?.token;
      if (old !== undefined && old !== valid.value) this.#former.add(old);
      this.#bound = { token: valid.value, origin };
      // Even the same token again: the user asks for it to be tried again.
      this.#tokenEpoch++;
      this.#lastError = null;
      this.#syncNotices();
      await this.#rebuild();
    });
  }

  /** Forgets the token and switches to demo mode. Throws TokenError when the store refuses. */
  clearToken(): Promise<void> {
    return this.#track(async () => {
      const removed = await this.options.secrets.delete();
      if (!removed.ok) throw TokenError.of(removed.error);
      if (this.#bound !== null) this.#former.add(this.#bound.token);
      this.#bound = null;
      this.#tokenEpoch++;
      this.#lastError = null;
      this.#syncNotices();
      await this.#rebuild();
    });
  }

  /**
   * Blanks every token of this session out of `text` (the one mask, core/redact.ts) —
   * the one held for another origin and those replaced too. The client's errors are
   * redacted where they are made (RedactingMarketClient); this is the bridge's second
   * line for everything else that leaves.
   */
  redact(text: string): string {
    return redactSecrets(text, [this.#bound?.token, ...this.#former]);
  }

  /**
   * Stops rebuilding and closes the demo service. Waits for token operations and
   * rebuilds under way first, so none finishes later with a demo service still open.
   */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#settingsListener.dispose();
    this.#clientChanged.dispose();
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    await this.#chain.catch(() => undefined);
    await this.#demo?.close();
    this.#demo = null;
  }

  /** Runs a token operation, remembered until it settles so dispose can wait for it. */
  #track(work: () => Promise<void>): Promise<void> {
    const done = work();
    const settled = done.catch(() => undefined);
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
    return done;
  }

  get #override(): string | null {
    return this.options.baseUrlOverride ?? null;
  }

  /** The token that may be sent to the base URL in use: only one bound to its origin. */
  #token(): string | null {
    const bound = this.#bound;
    return bound !== null && isTokenFor(bound.origin, this.baseUrl) ? bound.token : null;
  }

  /** Brings this link's notices in line with the binding and the environment. */
  #syncNotices(): void {
    const bound = this.#bound;
    const current = tokenOrigin(this.baseUrl);
    this.#notices.set(
      TOKEN_TOPIC,
      bound !== null && this.#token() === null
        ? tokenNotSentNotice(this.options.secrets.kind, bound.origin, current)
        : null,
    );
    const override = this.#override;
    const inSettings = this.options.settings.get().baseUrl;
    this.#notices.set(
      OVERRIDE_TOPIC,
      override !== null && override !== inSettings
        ? baseUrlOverrideNotice(override, inSettings)
        : null,
    );
  }

  /** Rebuilds the client; rebuilds run one after another. */
  #rebuild(): Promise<void> {
    this.#chain = this.#chain.catch(() => undefined).then(() => this.#build());
    return this.#chain;
  }

  async #build(): Promise<void> {
    if (this.#disposed) return;
    const settings = this.options.settings.get();
    const plan = planOf(settings.plan, settings.enterpriseMaxCodes);
    // The address and its token in one synchronous step: the token is the one bound to
    // this address's origin, or none.
    let baseUrl = this.baseUrl;
    const token = this.#token();
    const replay = this.#replay;
    // Whose answers these are (shared/model's one rule): only the live service's count
    // against the plan; the demo's simulator and a replay's recording have their own budget.
    const source = replay?.source ?? (token === null ? 'demo' : liveSourceId(baseUrl));
    const kind = sourceKind(source);
    const rpm =
      settings.requestsPerMinute ??
      (kind === 'live' ? DEFAULT_REQUESTS_PER_MINUTE[plan.name] : DEMO_REQUESTS_PER_MINUTE);
    let retired: DemoService | null = null;
    let demoToken = '';
    if (replay !== null) {
      baseUrl = replay.baseUrl;
      demoToken = replay.token;
    } else if (token === null) {
      this.#demo ??= await this.options.demo(this.options.now);
      baseUrl = this.#demo.baseUrl;
      demoToken = this.#demo.token;
    } else {
      retired = this.#demo;
      this.#demo = null;
    }
    // A new plan or service: what the last one's 429s suggested no longer holds.
    this.#notices.set(PLAN_TOPIC, null);
    this.#suggestedPlan = null;
    const options = {
      baseUrl,
      plan,
      requestsPerMinute: rpm,
      timeoutMs: settings.requestTimeoutMs,
      retry: CLIENT_RETRY,
      // Only against the plan's own limit: a rate of the user's choosing says nothing of the plan.
      ...(token !== null && kind === 'live' && settings.requestsPerMinute === null
        ? {
            onRateLimited: (sent: number) => {
              this.#suggestedPlan = planFittingRequests(sent);
              this.#notices.set(PLAN_TOPIC, planMismatchNotice(plan.name, sent));
            },
          }
        : {}),
    };
    // A live client blanks its token out of every error it answers (the service may echo
    // it); the demo's token is public, and blanking the word would garble its messages.
    const identity = `${kind}|${baseUrl}|${this.#tokenEpoch}`;
    // The same service and token under a new plan: its minute goes on.
    const replaces =
      identity === this.#identity && this.#client !== null ? { replaces: this.#client } : {};
    const client =
      token === null || kind !== 'live'
        ? new MarketClient({ ...options, ...replaces, token: demoToken })
        : new RedactingMarketClient({ ...options, ...replaces, token });
    const streamToken = replay !== null ? replay.token : (token ?? demoToken);
    // On the app's clock, as every other time shown (the status bar's "RETRY 16:03:17").
    const openStream: LinkStreamOpener = (o) =>
      new StreamClient({ now: this.options.now, ...o, baseUrl, token: streamToken });
    this.#client = client;
    this.#openStream = openStream;
    this.#rpm = rpm;
    this.sources.current = new MarketSources(client, source);
    // A listener that throws (a hub disposed during shutdown) is the emitter's to report.
    this.#clientChanged.fire({ client, requestsPerMinute: rpm, openStream });
    if (identity !== this.#identity) {
      this.#identity = identity;
      this.options.health?.reset();
    }
    // Closed after the switch, so no poll is sent to a closed port in between.
    await retired?.close();
  }
}
