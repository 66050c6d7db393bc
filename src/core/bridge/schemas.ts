/**
 * Argument schemas (zod 4) of every bridge command. Everything arriving from a
 * renderer is untrusted: objects are strict (unknown keys refused), strings and
 * arrays are bounded, and the table below must name every command of
 * `src/shared/bridge.ts` exactly once (a missing or extra entry fails to compile).
 */
import { z } from 'zod';
import { EVENT_LIST_KINDS, type CommandArgs, type CommandName } from '../../shared/bridge';
import { PANE_ID_PATTERN } from '../../shared/host-wire';
import type { KType } from '../../shared/model';
import {
  ASSET_CLASSES,
  EXCHANGE_PATTERN,
  EXCHANGE_RULE,
  KTYPES,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_TEXT,
  NEWS_LANGS,
  NEWS_MARKETS,
  REGION_PATTERN,
  REGION_RULE,
  REGION_TEXT_PATTERN,
  REGION_TEXT_RULE,
  SYMBOL_CODE_PATTERN,
  SYMBOL_CODE_RULE,
  REPLAY_MAX_SPEED,
  REPLAY_MIN_SPEED,
} from '../../shared/model';
import { settingsPatchSchema } from '../settings/settings-schema';
import { alertChangeSchema, alertDraftSchema, alertIdSchema } from '../alerts/alert-schema';
import { drawingIdSchema, drawingSchema } from '../drawings/drawing-schema';
import { checkDepthHistoryQuery } from '../recording/history';
import { errorMessage } from '../../shared/errors';

/** Most codes one subscription may carry (ten premium batches). */
export const MAX_CODES = 500;
/**
 * Most subscriptions one window or tab may hold. A workspace shows at most 64 panes; a
 * quote board takes one subscription per market of its watchlist, a chart or ladder one
 * or two. Far above that, it bounds what one client costs the feed hub.
 */
export const MAX_SUBSCRIPTIONS_PER_CLIENT = 256;
/**
 * Most codes one window or tab may follow across its subscriptions (counted per
 * subscription: two panes on AAPL count twice, as each is pushed its own slice). Twenty
 * full 500-symbol boards; every code costs the host a fingerprint and a push per poll.
 */
export const MAX_CODES_PER_CLIENT = 10_000;
/** Most candles one page may ask for. */
export const MAX_CANDLES = 5000;
/** Most news items one page may ask for. */
export const MAX_NEWS = 200;
/** Largest saved workspace, as JSON text. */
export const MAX_WORKSPACE_BYTES = 1024 * 1024;
/** Largest file an export may save, as text (a 500-row board is ~60 KB). */
export const MAX_SAVE_FILE_BYTES = 16 * 1024 * 1024;

/** Longest token accepted (real tokens are ~64 characters). */
export const MAX_TOKEN_LENGTH = 4096;

const KTYPE_VALUES = Object.keys(KTYPES).map(Number) as KType[];

const region = z.string().regex(REGION_PATTERN, { error: REGION_RULE });
// Typed by a person: any case (the backend canonicalises before asking).
const regionText = z.string().regex(REGION_TEXT_PATTERN, { error: REGION_TEXT_RULE });
const exchange = z.string().regex(EXCHANGE_PATTERN, { error: EXCHANGE_RULE });
const code = z.string().regex(SYMBOL_CODE_PATTERN, { error: SYMBOL_CODE_RULE });
const codes = z.array(code).min(1).max(MAX_CODES);
const assetClass = z.enum(ASSET_CLASSES);
const newsMarket = z.enum(NEWS_MARKETS);
const lang = z.enum(
  NEWS_LANGS.map((l) => l.id),
  { error: `must be a news language: ${NEWS_LANGS.map((l) => l.id).join(', ')}` },
);
const unixMs = z.number().int().min(0).max(8.64e15);
const id = z.string().min(1).max(128);

const seriesKey = z.strictObject({
  class: assetClass,
  region,
  exchange,
  code,
  kType: z.literal(KTYPE_VALUES),
});

const instrument = z.strictObject({ class: assetClass, region, exchange, code });

const replaySpeed = z
  .number({ error: `must be a speed from ${REPLAY_MIN_SPEED} to ${REPLAY_MAX_SPEED}` })
  .min(REPLAY_MIN_SPEED, { error: `must be at least ${REPLAY_MIN_SPEED} (0.25×)` })
  .max(REPLAY_MAX_SPEED, { error: `must be at most ${REPLAY_MAX_SPEED} (100×)` });

const replayControl = z
  .strictObject({
    speed: replaySpeed.optional(),
    paused: z.boolean({ error: 'must be true or false' }).optional(),
    seek: unixMs.optional(),
    step: z.literal(true, { error: 'must be true' }).optional(),
  })
  .refine((c) => Object.keys(c).length > 0, { error: 'name a change: speed, paused, seek or step' })
  .refine((c) => !(c.seek !== undefined && c.step), {
    error: 'seek and step cannot be asked together',
    path: ['step'],
  });

const marketSelection = { class: assetClass, region, exchange, codes };

const subscriptionSpec = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('quotes'), ...marketSelection }),
  z.strictObject({ kind: z.literal('depth'), ...marketSelection }),
  z.strictObject({ kind: z.literal('ticks'), region, codes }),
  z.strictObject({ kind: z.literal('candles'), series: seriesKey }),
  z.strictObject({ kind: z.literal('news'), market: newsMarket, lang }),
]);

const workspaceDocument = z
  .strictObject({ version: z.number().int().min(0).max(1_000_000), data: z.unknown() })
  .superRefine((doc, ctx) => {
    let size: number;
    try {
      size = JSON.stringify(doc.data)?.length ?? 0;
    } catch {
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be plain JSON data' });
      return;
    }
    if (size > MAX_WORKSPACE_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['data'],
        message: `is too large (${size} bytes; at most ${MAX_WORKSPACE_BYTES})`,
      });
    }
  });

const empty = z.strictObject({});

/** The schema of every command's argument object. */
export const COMMAND_SCHEMAS = {
  subscribe: z.strictObject({ spec: subscriptionSpec }),
  unsubscribe: z.strictObject({ subscriptionId: id }),
  loadCandles: z.strictObject({
    series: seriesKey,
    limit: z.number().int().min(1).max(MAX_CANDLES),
    before: unixMs.optional(),
    deferred: z.boolean().optional(),
  }),
  loadNews: z.strictObject({
    market: newsMarket,
    lang,
    limit: z.number().int().min(1).max(MAX_NEWS),
    cursor: z.string().min(1).max(512).optional(),
  }),
  getInfo: z.strictObject({ region, exchange, code }),
  checkSymbol: z.strictObject({
    symbol: z.strictObject({ class: assetClass, region: regionText, exchange, code }),
  }),
  searchSymbols: z.strictObject({
    query: z.strictObject({
      text: z.string().max(MAX_SEARCH_TEXT),
      class: assetClass.optional(),
      region: regionText.optional(),
      limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
    }),
  }),
  setToken: z.strictObject({
    // Trimmed like the secret store does: a pasted token often carries a line break.
    token: z
      .string()
      .trim()
      .min(1)
      .max(MAX_TOKEN_LENGTH)
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' }),
  }),
  clearToken: empty,
  getStatus: empty,
  getFeedPlan: empty,
  testConnection: empty,
  getSettings: empty,
  // The settings store's own patch schema: one source of truth for ranges and messages.
  setSettings: z.strictObject({ patch: settingsPatchSchema }),
  setAutoUpdate: z.strictObject({ enabled: z.boolean({ error: 'must be true or false' }) }),
  openExternal: z.strictObject({ url: z.string().min(1).max(4096) }),
  popOut: z.strictObject({
    paneId: z.string().regex(PANE_ID_PATTERN, {
      error: 'must be a pane id: 1–64 letters, digits, _ or -',
    }),
    title: z.string().max(200),
    width: z.number().int().min(200).max(10_000).optional(),
    height: z.number().int().min(150).max(10_000).optional(),
  }),
  setVisibility: z.strictObject({ visible: z.boolean() }),
  setFocus: z.strictObject({ instrument: instrument.nullable() }),
  saveFile: z.strictObject({
    // A bare name: no folders, nothing hidden, an extension (the dialog's filter).
    name: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._()-]*\.[A-Za-z0-9]{1,8}$/, {
        error: 'must be a file name with an extension, no folders (e.g. list.csv)',
      }),
    type: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, { error: 'must be a MIME type (text/csv)' }),
    text: z.string().max(MAX_SAVE_FILE_BYTES),
  }),
  loadWorkspace: empty,
  saveWorkspace: z.strictObject({ document: workspaceDocument }),
  // The alerts' own schemas: one set of rules and words for the bridge and the file.
  listAlerts: empty,
  createAlert: z.strictObject({ draft: alertDraftSchema }),
  updateAlert: z.strictObject({ id: alertIdSchema, change: alertChangeSchema }),
  deleteAlert: z.strictObject({ id: alertIdSchema }),
  loadDrawings: z.strictObject({ instrument }),
  saveDrawing: z.strictObject({ instrument, drawing: drawingSchema }),
  deleteDrawing: z.strictObject({ instrument, id: drawingIdSchema }),
  loadRegionEvents: z.strictObject({
    region,
    kinds: z.array(z.enum(EVENT_LIST_KINDS)).min(1).max(EVENT_LIST_KINDS.length),
  }),
  loadChartEvents: z
    .strictObject({ instrument, from: unixMs, to: unixMs, refreshNews: z.boolean().optional() })
    .refine((a) => a.from <= a.to, { error: 'from must not be after to', path: ['from'] }),
  getRecording: empty,
  setRecorded: z.strictObject({ instrument, on: z.boolean() }),
  replaySpans: empty,
  replayStart: z
    .strictObject({
      from: unixMs,
      to: unixMs,
      instrument: instrument.nullable(),
      speed: replaySpeed.optional(),
    })
    .refine((a) => a.from <= a.to, { error: 'from must not be after to', path: ['from'] }),
  replayControl,
  replayStop: empty,
  getReplay: empty,
  // The span and bucket rule is the history reader's own (one rule, one message).
  loadDepthHistory: z
    .strictObject({
      instrument,
      from: unixMs,
      to: unixMs,
      bucketMs: z.number().int().min(100).max(60_000),
    })
    .superRefine((a, ctx) => {
      try {
        checkDepthHistoryQuery(a);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: errorMessage(error) });
      }
    }),
  loadTrades: z.strictObject({ region, codes, limit: z.number().int().min(1).max(1000) }),
} satisfies { [K in CommandName]: z.ZodType<CommandArgs<K>> };
