/**
 * Pure changes to a chart's study list (what the studies panel and the pane-resize
 * handler ask for); each answers a new list, the input untouched.
 */
import { MAX_STUDIES, newStudy, type StudyConfig } from '../../../workspace/chart/study-config';
import { STUDY_TABLE, clampParam, type StudyKind } from './study-table';

/** Adds a study of `kind` with its defaults (nothing beyond MAX_STUDIES). */
export function addStudy(studies: readonly StudyConfig[], kind: StudyKind): StudyConfig[] {
  if (studies.length >= MAX_STUDIES) return [...studies];
  return [...studies, newStudy(kind, studies)];
}

export function removeStudy(studies: readonly StudyConfig[], id: string): StudyConfig[] {
  return studies.filter((s) => s.id !== id);
}

const patch = (studies: readonly StudyConfig[], id: string, f: (s: StudyConfig) => StudyConfig) =>
  studies.map((s) => (s.id === id ? f(s) : s));

export function setVisible(
  studies: readonly StudyConfig[],
  id: string,
  visible: boolean,
): StudyConfig[] {
  return patch(studies, id, (s) => ({ ...s, visible }));
}

/**
 * Sets a parameter, rounded to its step and kept within its bounds; a value that
 * is no number leaves the study as it was (the answer says so: `ok` false).
 */
export function setParam(
  studies: readonly StudyConfig[],
  id: string,
  key: string,
  value: number,
): { studies: StudyConfig[]; ok: boolean } {
  const study = studies.find((s) => s.id === id);
  const spec = study && STUDY_TABLE[study.kind].params.find((p) => p.key === key);
  const clamped = spec ? clampParam(spec, value) : null;
  if (clamped === null) return { studies: [...studies], ok: false };
  return {
    studies: patch(studies, id, (s) => ({ ...s, params: { ...s.params, [key]: clamped } })),
    ok: true,
  };
}

/** Sets the colour of output `index` (#rrggbb only). */
export function setColor(
  studies: readonly StudyConfig[],
  id: string,
  index: number,
  color: string,
): StudyConfig[] {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return [...studies];
  return patch(studies, id, (s) => ({
    ...s,
    colors: s.colors.map((c, i) => (i === index ? color.toLowerCase() : c)),
  }));
}

/**
 * Keeps the heights the user gave the studies' own panes; null when none changed
 * by more than a pixel (nothing to save).
 */
export function withHeights(
  studies: readonly StudyConfig[],
  heights: ReadonlyMap<string, number>,
): StudyConfig[] | null {
  let changed = false;
  const next = studies.map((s) => {
    const h = heights.get(s.id);
    if (h === undefined || (s.height !== undefined && Math.abs(s.height - h) <= 1)) return s;
    changed = true;
    return { ...s, height: Math.round(h) };
  });
  return changed ? next : null;
}
