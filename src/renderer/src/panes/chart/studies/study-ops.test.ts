import { describe, expect, it } from 'vitest';
import { MAX_STUDIES, readStudies, studyLabel } from '../../../workspace/chart/study-config';
import { addStudy, removeStudy, setColor, setParam, setVisible, withHeights } from './study-ops';

describe('study ops', () => {
  it('adds studies with their defaults and unique ids', () => {
    const s = addStudy(addStudy([], 'rsi'), 'rsi');
    expect(s.map((x) => x.id)).toEqual(['rsi1', 'rsi2']);
    expect(s[0]).toMatchObject({ kind: 'rsi', params: { period: 14 }, visible: true });
    expect(studyLabel(addStudy([], 'macd')[0]!)).toBe('MACD 12 26 9');
  });

  it('adds no more than MAX_STUDIES', () => {
    let s = addStudy([], 'sma');
    for (let i = 0; i < MAX_STUDIES + 3; i++) s = addStudy(s, 'sma');
    expect(s).toHaveLength(MAX_STUDIES);
  });

  it('edits one study and leaves the input untouched', () => {
    const before = addStudy(addStudy([], 'rsi'), 'bb');
    const off = setVisible(before, 'rsi1', false);
    expect(off[0]!.visible).toBe(false);
    expect(before[0]!.visible).toBe(true);
    expect(setParam(before, 'bb1', 'k', 2.2).studies[1]!.params.k).toBe(2);
    expect(setParam(before, 'rsi1', 'period', 9999).studies[0]!.params.period).toBe(500);
    expect(setColor(before, 'bb1', 1, '#ABCDEF')[1]!.colors).toEqual([
      '#b07cff',
      '#abcdef',
      '#b07cff',
    ]);
    expect(removeStudy(before, 'rsi1').map((x) => x.id)).toEqual(['bb1']);
  });

  it('refuses a parameter that is no number, and a colour that is no #rrggbb', () => {
    const before = addStudy([], 'rsi');
    expect(setParam(before, 'rsi1', 'period', Number.NaN)).toEqual({ studies: before, ok: false });
    expect(setParam(before, 'rsi1', 'nope', 3).ok).toBe(false);
    expect(setColor(before, 'rsi1', 0, 'red')).toEqual(before);
  });

  it('keeps pane heights the user changed, and reports no change otherwise', () => {
    const s = addStudy(addStudy([], 'rsi'), 'macd');
    const next = withHeights(s, new Map([['rsi1', 120.4]]))!;
    expect(next[0]!.height).toBe(120);
    expect(withHeights(next, new Map([['rsi1', 121]]))).toBeNull();
  });

  it('reads saved studies back as they were saved', () => {
    const s = setColor(addStudy(addStudy([], 'stoch'), 'vwap'), 'stoch1', 1, '#123456');
    expect(readStudies(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('repairs saved studies: bad params default, duplicate ids renamed, unknown kinds dropped', () => {
    expect(
      readStudies([
        { id: 'rsi1', kind: 'rsi', params: { period: 'x' }, colors: ['nope'] },
        { id: 'rsi1', kind: 'rsi', params: { period: 0 } },
        { kind: 'ichimoku' },
        'rsi',
      ]),
    ).toEqual([
      { id: 'rsi1', kind: 'rsi', params: { period: 14 }, colors: ['#b07cff'], visible: true },
      { id: 'rsi2', kind: 'rsi', params: { period: 1 }, colors: ['#b07cff'], visible: true },
    ]);
  });
});
