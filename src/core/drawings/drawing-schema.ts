/**
 * The schema (zod 4) of one chart drawing: the bridge validates `saveDrawing` with it
 * and the store checks every drawing it reads from its file with it, so a drawing is
 * held to one rule wherever it comes from.
 */
import { z } from 'zod';
import { ANCHORS_PER_KIND, DRAWING_KINDS, DRAWING_LIMITS, type Drawing } from '../../shared/model';

/** A whole millisecond in the range JavaScript dates can hold. */
const time = z.number().int().min(-8.64e15).max(8.64e15);
/** Finite: `JSON` would turn NaN or Infinity into null. */
const price = z.number().refine(Number.isFinite, { error: 'must be a finite number' });

export const anchorSchema = z.strictObject({ time, price });

/** A drawing's id: chosen by the renderer that makes it. */
export const drawingIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be letters, digits, _ or -' })
  .min(1)
  .max(DRAWING_LIMITS.idLength);

export const drawingSchema = z
  .strictObject({
    id: drawingIdSchema,
    kind: z.enum(DRAWING_KINDS),
    anchors: z.array(anchorSchema).min(1).max(2),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour like #2962ff' }),
    text: z.string().max(DRAWING_LIMITS.textLength),
  })
  .superRefine((drawing, ctx) => {
    const wanted = ANCHORS_PER_KIND[drawing.kind];
    if (drawing.anchors.length !== wanted) {
      ctx.addIssue({
        code: 'custom',
        path: ['anchors'],
        message: `must hold ${wanted} point${wanted === 1 ? '' : 's'} for a ${drawing.kind}`,
      });
    }
  }) satisfies z.ZodType<Drawing>;
