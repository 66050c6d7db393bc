/**
 * `marketdesk watch quotes|depth|ticks <CODE…>`: streams updates to the terminal until
 * Ctrl+C (./watch-session), shown as a live table, appended lines or NDJSON
 * (./watch-view). Which classes each kind is for is read from the operation table: the
 * REST batch that gives the first snapshot must exist.
 */
import type { MarketClient } from '../../core/api';
import { servedClasses, type OperationKind, type ServedClass } from '../../shared/api/operations';
import { STREAM_PLAN_LIMITS, type StreamType } from '../../shared/api/stream';
import { canonicalCodes, type AssetClass, type DepthBook } from '../../shared/model';
import { DEMO_TOKEN } from '../../simulator';
import { parsePositiveInt, UsageError } from '../args';
import { classPriceDecimals, formatPrice, formatSize } from '../../shared/format/numbers';
import { renderTable, type Column } from '../output';
import { depthTables, quotesTable, ticksTable, type KeyedTable } from '../render-market';
import { quoteStatusText } from '../render-market-time';
import { MARKET_OPTIONS, parseMarket, type Command, type Market } from './command';
import { runWatch } from './watch-session';
import { WatchView, type TableOf } from './watch-view';

/** The best bid and ask of each book: one line per update when stdout is not a terminal. */
function topOfBookTable(cls: AssetClass): KeyedTable<DepthBook> {
  return (books, tty) => {
    const price = (p: number | null | undefined) =>
      formatPrice(p, classPriceDecimals(cls, p ?? null));
    const columns: Column<[string, DepthBook]>[] = [
      { header: 'CODE', value: ([c]) => c },
      { header: 'BID VOL', align: 'right', value: ([, b]) => formatSize(b.bids[0]?.volume) },
      {
        header: 'BID',
        align: 'right',
        value: ([, b]) => price(b.bids[0]?.price),
        color: () => 'green',
      },
      { header: 'ASK', value: ([, b]) => price(b.asks[0]?.price), color: () => 'red' },
      { header: 'ASK VOL', align: 'right', value: ([, b]) => formatSize(b.asks[0]?.volume) },
      { header: 'LEVELS', align: 'right', value: ([, b]) => `${b.bids.length}/${b.asks.length}` },
    ];
    return renderTable(Object.entries(books), columns, tty);
  };
}

/** What one kind of watch streams, and from which REST batch its first snapshot comes. */
interface WatchKind {
  type: StreamType;
  /** The classes with that batch (the operation table's); the first is the default. */
  classes: readonly AssetClass[];
  /**
   * The table of a market's records (its digits and columns are the class's; a quote's
   * STATUS is its market's state at `now` when it is drawn).
   */
  table(market: Market, now: () => number): TableOf;
  lineTable(market: Market, now: () => number): TableOf;
  /** Reads `--region`/`--exchange` for class `cls`, and the batch for the market read. */
  market(
    values: Record<string, unknown>,
    cls: string,
  ): { market: Market; fetch(client: MarketClient, codes: string[]): WatchFetch };
}

type WatchFetch = ReturnType<Parameters<typeof runWatch>[1]['fetch']>;

/** A quote's STATUS as the market stands when the row is drawn (see quoteStatusText). */
const watchStatus =
  (m: Market, now: () => number) =>
  (status: number): string =>
    quoteStatusText(m.class, m.region, now())(status);

/**
 * The kind named as its batch operation (`quotes`, `depth`, `ticks`), over the classes
 * that operation serves: the market parsed for it keeps its class type for the batch.
 */
function watchKind<K extends OperationKind>(
  name: K,
  kind: Omit<WatchKind, 'market' | 'classes'>,
  fetch: (
    client: MarketClient,
    market: Market<ServedClass<K, true>>,
    codes: string[],
  ) => WatchFetch,
): WatchKind {
  const classes = servedClasses(name, true);
  return {
    ...kind,
    classes,
    market(values, cls) {
      const market = parseMarket(name, [cls], values, classes);
      return { market, fetch: (client, codes) => fetch(client, market, codes) };
    },
  };
}

const KINDS = {
  quotes: watchKind(
    'quotes',
    {
      type: 'quote',
      table: (m, now) => quotesTable(m.class, {}, watchStatus(m, now)) as TableOf,
      lineTable: (m, now) => quotesTable(m.class, {}, watchStatus(m, now)) as TableOf,
    },
    (client, m, codes) => client.quotes(m.class, { ...m, codes }),
  ),
  depth: watchKind(
    'depth',
    {
      type: 'depth',
      table: (m) => depthTables(m.class) as TableOf,
      lineTable: (m) => topOfBookTable(m.class) as TableOf,
    },
    (client, m, codes) => client.depths(m.class, { ...m, codes }),
  ),
  ticks: watchKind(
    'ticks',
    {
      type: 'tick',
      table: (m) => ticksTable(m.class) as TableOf,
      lineTable: (m) => ticksTable(m.class) as TableOf,
    },
    (client, m, codes) => client.ticks({ region: m.region, codes }),
  ),
} satisfies Record<string, WatchKind>;
type KindName = keyof typeof KINDS;
const KIND_NAMES = Object.keys(KINDS) as KindName[];

const classLines = KIND_NAMES.map((k) => `  ${k.padEnd(6)} ${KINDS[k].classes.join(', ')}`).join(
  '\n',
);

/** `--for`: seconds (decimals allowed) → ms. */
function parseSeconds(value: string | undefined, flag: string): number | null {
  if (value === undefined) return null;
  const s = Number(value);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(s > 0)) {
    throw new UsageError(`--${flag} must be a number of seconds, got "${value}"`);
  }
  return Math.round(s * 1000);
}

export const watchCommand: Command = {
  name: 'watch',
  summary: 'stream quotes, order books or ticks live until Ctrl+C',
  help: `Usage: marketdesk watch quotes|depth|ticks <CODE…> --region R [--class C] [--exchange E]
                        [--count N] [--for S] [options]

Streams updates from the service's stream for the class (one connection), after one
REST snapshot that shows the first rows and names the codes the service does not list.
--class, per kind (default: the first):
${classLines}
On a terminal: the table of marketdesk quotes, depth or ticks, redrawn in place, with
the stream's state beneath. Otherwise one line per update (depth: the best bid and ask).
With --json: NDJSON, one update a line, {"receivedAt", "source" (demo, or
live:<origin>), "via" (rest or stream), "type", "instrument", and the Quote, DepthBook
or Tick under "quote", "depth" or "tick"}.
A stream that drops or cannot be reached is said on stderr and retried, 1 s doubling
to 60 s with jitter, until stopped; once back, a REST snapshot refreshes every row.
  --count N        stop after N streamed updates
  --for S          stop after S seconds
Stops on Ctrl+C. Exit status 0 when stopped; 1 a code the service does not list (the
others are still watched), a refused token, or a first snapshot refused for another
reason than the network. Reads and writes no cache.`,
  options: {
    ...MARKET_OPTIONS,
    class: { type: 'string' },
    count: { type: 'string' },
    for: { type: 'string' },
  },
  async run(ctx, values, positionals) {
    const [kindText, ...symbols] = positionals;
    if (kindText === undefined || !(KIND_NAMES as string[]).includes(kindText)) {
      const got = kindText === undefined ? '' : `, got "${kindText}"`;
      throw new UsageError(`watch what? ${KIND_NAMES.join('|')}${got}`);
    }
    const kindName = kindText as KindName;
    const kind: WatchKind = KINDS[kindName];
    const cls = (values['class'] as string | undefined) ?? kind.classes[0]!;
    const { market, fetch } = kind.market(values, cls);
    const codes = canonicalCodes(
      market.region,
      symbols.flatMap((s) => s.split(',')),
    );
    if (codes.length === 0) throw new UsageError(`watch ${kindName} needs at least one code`);
    const count =
      values['count'] === undefined
        ? Infinity
        : parsePositiveInt(values['count'] as string, 'count');
    const forMs = parseSeconds(values['for'] as string | undefined, 'for');

    const client = await ctx.client();
    const source = ctx.source();
    const view = new WatchView({
      io: ctx.io,
      json: ctx.global.json,
      source,
      codes,
      table: kind.table(market, ctx.now),
      lineTable: kind.lineTable(market, ctx.now),
      note: (text) => ctx.note(text),
    });
    return runWatch(ctx, {
      market,
      codes,
      type: kind.type,
      fetch: (some) => fetch(client, some),
      baseUrl: client.baseUrl,
      // The token the client sends: the demo's public one in demo mode.
      token: ctx.global.token ?? (source === 'demo' ? DEMO_TOKEN : ''),
      limit: STREAM_PLAN_LIMITS[client.plan.name].subscriptions,
      count,
      forMs,
      view,
    });
  },
};
