/**
 * The schemas of alerts: what the bridge accepts (a draft, a change) and what the
 * alerts file must hold. One place for the rules and their words, so a draft refused
 * over the bridge and an alert dropped from a hand-edited file say the same thing.
 */
import { z } from 'zod';
import type {
  Alert,
  AlertChange,
  AlertCondition,
  AlertDraft,
  DataSourceId,
  Instrument,
} from '../../shared/model';
import {
  ALERT_LIMITS,
  ALERT_PRICE_MAX_TEXT,
  ASSET_CLASSES,
  EXCHANGE_PATTERN,
  EXCHANGE_RULE,
  REGION_TEXT_PATTERN,
  REGION_TEXT_RULE,
  SYMBOL_CODE_PATTERN,
  SYMBOL_CODE_RULE,
  canonicalInstrument,
} from '../../shared/model';

/** A symbol as a person typed it (any case); canonical once parsed. */
export const alertInstrumentSchema = z
  .strictObject({
    class: z.enum(ASSET_CLASSES),
    region: z.string().regex(REGION_TEXT_PATTERN, { error: REGION_TEXT_RULE }),
    exchange: z.string().regex(EXCHANGE_PATTERN, { error: EXCHANGE_RULE }),
    code: z.string().regex(SYMBOL_CODE_PATTERN, { error: SYMBOL_CODE_RULE }),
  })
  .transform((i): Instrument => canonicalInstrument(i));

const price = z
  .number({ error: 'must be a number' })
  .positive({ error: 'must be a price above 0' })
  .max(ALERT_LIMITS.price.max, { error: `must be at most ${ALERT_PRICE_MAX_TEXT}` });

export const alertConditionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('above'), price }),
    z.strictObject({ kind: z.literal('below'), price }),
    z.strictObject({ kind: z.literal('crosses'), price }),
    z.strictObject({
      kind: z.literal('move'),
      percent: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be a percentage above 0' })
        .max(ALERT_LIMITS.percent.max, {
          error: `must be at most ${ALERT_LIMITS.percent.max} (%)`,
        }),
      windowMs: z
        .number()
        .int()
        .min(ALERT_LIMITS.windowMs.min, { error: 'must be at least 1 s (1000 ms)' })
        .max(ALERT_LIMITS.windowMs.max, { error: 'must be at most a day (86,400,000 ms)' }),
    }),
  ],
  {
    error:
      'must be one of above, below, crosses (with a price) or move (with percent and windowMs)',
  },
) satisfies z.ZodType<AlertCondition>;

const repeat = z.enum(['once', 'every'], { error: 'must be "once" or "every"' });

const whileClosed = z.boolean({ error: 'must be true or false' }).optional();

export const alertDraftSchema = z.strictObject({
  instrument: alertInstrumentSchema,
  condition: alertConditionSchema,
  repeat,
  whileClosed,
}) satisfies z.ZodType<AlertDraft, unknown>;

export const alertChangeSchema = z
  .strictObject({
    condition: alertConditionSchema.optional(),
    repeat: repeat.optional(),
    state: z.enum(['active', 'paused'], { error: 'must be "active" or "paused"' }).optional(),
    whileClosed,
  })
  .refine((c) => Object.keys(c).length > 0, {
    error: 'must change something: condition, repeat, state or whileClosed',
  }) satisfies z.ZodType<AlertChange>;

export const alertIdSchema = z.string().min(1).max(64);

const unixMs = z.number().int().min(0).max(8.64e15);
const source = z.custom<DataSourceId>(
  (v) => typeof v === 'string' && (v === 'demo' || /^live:\S+$/.test(v)),
  { error: 'must be "demo" or "live:<origin>"' },
);

/** One alert as the alerts file holds it. */
export const storedAlertSchema = z.strictObject({
  id: alertIdSchema,
  instrument: alertInstrumentSchema,
  condition: alertConditionSchema,
  repeat,
  state: z.enum(['active', 'paused', 'fired']),
  source,
  createdAt: unixMs,
  lastFired: z
    .strictObject({ at: unixMs, price: z.number().finite(), firedAt: unixMs.optional() })
    .nullable(),
  firedCount: z.number().int().min(0),
  whileClosed,
}) satisfies z.ZodType<Alert, unknown>;
