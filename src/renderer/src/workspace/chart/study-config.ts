/**
 * A chart pane's studies as they are persisted in its options: which kinds, their
 * parameters, colours, on/off and (for a study in its own pane) the pane's height.
 * Saved options are read leniently: anything the table does not allow falls back
 * to the kind's default, and an unknown kind is dropped.
 */
import { STUDY_SPECS, clampParam, defaultParams, isStudyKind, type StudyKind } from './study-kinds';

/** One study on a chart. */
export interface StudyConfig {
  /** Unique within the chart (kind plus a number). */
  id: string;
  kind: StudyKind;
  params: Record<string, number>;
  /** One #rrggbb per output of the kind. */
  colors: string[];
  visible: boolean;
  /** Height in pixels of its own pane, when the user resized it. */
  height?: number;
}

/** Most studies on one chart: enough for any layout, few enough to stay fast. */
export const MAX_STUDIES = 12;

const HEX = /^#[0-9a-f]{6}$/i;

type Saved = Record<string, unknown>;
const isObj = (v: unknown): v is Saved => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A new study of `kind` with its defaults and an id not in `existing`. */
export function newStudy(kind: StudyKind, existing: readonly StudyConfig[]): StudyConfig {
  const ids = new Set(existing.map((s) => s.id));
  let n = 1;
  while (ids.has(`${kind}${n}`)) n++;
  return {
    id: `${kind}${n}`,
    kind,
    params: defaultParams(kind),
    colors: STUDY_SPECS[kind].outputs.map((o) => o.color),
    visible: true,
  };
}

/** The legend's and the menu's name of a study: "RSI 14", "MACD 12 26 9". */
export function studyLabel(study: Pick<StudyConfig, 'kind' | 'params'>): string {
  const spec = STUDY_SPECS[study.kind];
  return [spec.label, ...spec.params.map((p) => String(study.params[p.key]))].join(' ');
}

/** One saved study, repaired; null when its kind is unknown. */
function readStudy(saved: unknown): StudyConfig | null {
  if (!isObj(saved) || !isStudyKind(saved.kind)) return null;
  const kind = saved.kind;
  const spec = STUDY_SPECS[kind];
  const params = isObj(saved.params) ? saved.params : {};
  const colors = Array.isArray(saved.colors) ? saved.colors : [];
  const height = saved.height;
  return {
    id: typeof saved.id === 'string' && /^[a-z]+\d{1,3}$/.test(saved.id) ? saved.id : '',
    kind,
    params: Object.fromEntries(
      spec.params.map((p) => [p.key, clampParam(p, params[p.key]) ?? p.default]),
    ),
    colors: spec.outputs.map((o, i) => {
      const c = colors[i];
      return typeof c === 'string' && HEX.test(c) ? c : o.color;
    }),
    visible: saved.visible !== false,
    ...(typeof height === 'number' && Number.isFinite(height) && height >= 20 && height <= 2000
      ? { height: Math.round(height) }
      : {}),
  };
}

/** Saved studies, repaired: unknown kinds dropped, ids unique, at most MAX_STUDIES. */
export function readStudies(saved: unknown): StudyConfig[] {
  const out: StudyConfig[] = [];
  for (const item of Array.isArray(saved) ? saved : []) {
    const study = readStudy(item);
    if (!study || out.length >= MAX_STUDIES) continue;
    if (!study.id || out.some((s) => s.id === study.id)) study.id = newStudy(study.kind, out).id;
    out.push(study);
  }
  return out;
}

/**
 * Studies from the chart's options before studies existed (`overlays`: SMA and
 * EMA periods and Bollinger on/off), so a saved workspace keeps its lines.
 */
export function studiesFromOverlays(overlays: unknown): StudyConfig[] {
  if (!isObj(overlays)) return [];
  const out: StudyConfig[] = [];
  const add = (kind: StudyKind, params: Record<string, number> = {}) => {
    const s = newStudy(kind, out);
    out.push(readStudy({ ...s, params: { ...s.params, ...params } })!);
  };
  const periods = (v: unknown) => (Array.isArray(v) ? v.filter((n) => typeof n === 'number') : []);
  for (const p of periods(overlays.sma)) add('sma', { period: p });
  for (const p of periods(overlays.ema)) add('ema', { period: p });
  if (overlays.bollinger === true) add('bb');
  return out.slice(0, MAX_STUDIES);
}
