/**
 * What the feed does with the plan, as the status bar's popover lists it: every feed the
 * workspace asks for — streamed, polled every N seconds, or waiting, and why — with the
 * plan's four limits and what is used of each.
 */
import type { UnixMs } from './market';

/**
 * How one feed is served now. `once`: asked once, then nothing (a closed market's last
 * prices): neither a pace nor a wait.
 */
export type FeedWay = 'streamed' | 'polled' | 'once' | 'waiting';

export interface FeedLine {
  /** What it is, in words: "stock quotes · US · AAPL, MSFT". */
  what: string;
  way: FeedWay;
  /** Polled: how often, after the plan's stretch (ms); null otherwise. */
  everyMs: number | null;
  /** How often the settings ask for it (ms); null for streamed feeds. */
  wantedMs: number | null;
  /** Why it is slower than asked, or waits, or what REST still does for it; null when nothing to say. */
  why: string | null;
  /** Its codes, and how many of them the stream carries. */
  codes: number;
  streamedCodes: number;
  /** When it last had data from REST (null: never, or streamed only). */
  polledAt: UnixMs | null;
}

export interface FeedPlan {
  /** The plan's name, for the heading. */
  plan: string;
  lines: FeedLine[];
  requests: {
    /** Requests sent in the last minute, every caller together. */
    lastMinute: number;
    /** The plan's limit a minute. */
    limit: number;
    /** What the feed's polls may take of it (the rest is the user's). */
    background: number;
    /** What the feed plans to spend a minute now. */
    planned: number;
    /** Requests the feed asks once and not again, waiting to go (`BudgetStatus.oneOffRequests`). */
    oneOff: number;
  };
  stream: {
    connections: number;
    connectionLimit: number;
    subscriptions: number;
    subscriptionLimit: number;
  };
}
