import { describe, expect, it } from 'vitest';
import { MATCH_KINDS, type AssetClass, type DirectoryEntry } from '../../shared/model';
import {
  buildIndex,
  normaliseText,
  oneEditFromPrefix,
  searchEveryEntry,
  searchIndex,
  subsequenceGaps,
  type SourcedEntry,
} from './symbol-search';
import { WELL_KNOWN_SYMBOLS } from './well-known';

const shipped = (entries: readonly DirectoryEntry[]): SourcedEntry[] =>
  entries.map((e) => ({ ...e, origin: 'shipped' as const }));
const index = buildIndex(shipped(WELL_KNOWN_SYMBOLS));

const top = (text: string, extra: { class?: AssetClass; region?: string; limit?: number } = {}) =>
  searchIndex(index, { text, ...extra }).map((r) => `${r.code} ${r.region}`);

describe('the issue’s cases over the shipped list', () => {
  it('"tencent" finds 700 HK first, by its name', () => {
    const [first] = searchIndex(index, { text: 'tencent' });
    expect(first).toMatchObject({
      code: '700',
      region: 'HK',
      class: 'stock',
      match: 'name-prefix',
    });
    expect(first?.name).toBe('Tencent Holdings Ltd.');
    expect(first?.exchange).toBe('HKEX');
    expect(top('tencent')).toContain('TME US');
  });

  it('"apple" finds AAPL US first', () => {
    expect(top('apple')[0]).toBe('AAPL US');
  });

  it('"btc" finds BTCUSDT BA first, by its code', () => {
    const results = searchIndex(index, { text: 'btc' });
    expect(results[0]).toMatchObject({ code: 'BTCUSDT', region: 'BA', match: 'code-prefix' });
    // The other venue's pair ranks right behind it (ties go by region).
    expect(top('btc').slice(0, 3)).toEqual(['BTCUSDT BA', 'BTCUSDT BT', 'BTCUSDC BA']);
  });
});

describe('ranking', () => {
  it('puts an exact code before a code prefix before a name', () => {
    const results = searchIndex(index, { text: 'li' });
    expect(results[0]).toMatchObject({ code: 'LI', region: 'US', match: 'code' });
    expect(results[1]).toMatchObject({ code: 'LIN', match: 'code-prefix' });
    const kinds = results.map((r) => r.match);
    expect(kinds.indexOf('name-prefix')).toBeGreaterThan(1);
    expect(kinds).toEqual(
      [...kinds].sort((a, b) => MATCH_KINDS.indexOf(a) - MATCH_KINDS.indexOf(b)),
    );
  });

  it('reads an HK code with its leading zeros', () => {
    expect(top('00700')[0]).toBe('700 HK');
    expect(top('0005')[0]).toBe('5 HK');
  });

  it('matches a code without its punctuation', () => {
    expect(searchIndex(index, { text: 'brkb' })[0]).toMatchObject({ code: 'BRK.B', match: 'code' });
    expect(top('brk.b')[0]).toBe('BRK.B US');
  });

  it('ignores case and diacritics, both ways', () => {
    expect(top('NESTLE')[0]).toBe('NSRGY US');
    expect(top('nestlé')[0]).toBe('NSRGY US');
    expect(top('munchener')[0]).toBe('MUV2 DE');
    expect(top('TeNcEnT')[0]).toBe('700 HK');
  });

  it('finds words of a name in any order, and prefixes of them', () => {
    expect(top('bank of america')[0]).toBe('BAC US');
    expect(top('america bank')[0]).toBe('BAC US');
    expect(searchIndex(index, { text: 'amer bank' })[0]).toMatchObject({
      code: 'BAC',
      match: 'name-words',
    });
  });

  it('finds letters inside a code or name', () => {
    expect(searchIndex(index, { text: 'usdt', class: 'crypto' })[0]?.match).toBe('contains');
    expect(top('alphabet')).toEqual(expect.arrayContaining(['GOOGL US', 'GOOG US']));
  });

  it('finds missing letters and one typo, as fuzzy', () => {
    expect(searchIndex(index, { text: 'tncnt' })[0]).toMatchObject({ code: '700', match: 'fuzzy' });
    expect(searchIndex(index, { text: 'appel' })[0]).toMatchObject({
      code: 'AAPL',
      match: 'fuzzy',
    });
    expect(top('nvidai')[0]).toBe('NVDA US');
  });

  it('gives a prefix to the closer fit: the shorter code, the name the text covers more of', () => {
    expect(top('goog').slice(0, 2)).toEqual(['GOOG US', 'GOOGL US']);
    expect(top('tencent').slice(0, 2)).toEqual(['700 HK', 'TME US']);
  });

  it('breaks ties by class, code and region, the same way every time', () => {
    // ASML is listed in US and NL: same code, same kind; the directory's order decides.
    expect(top('asml')).toEqual(['ASML US', 'ASML NL']);
    // HSI is an index (GB) and a future (HK): the class order decides (indices first).
    expect(top('hsi', { limit: 2 })).toEqual(['HSI GB', 'HSI HK']);
    expect(top('a')).toEqual(top('a'));
  });
});

describe('filters, limits and empty queries', () => {
  it('keeps to a class and a region (any case)', () => {
    expect(top('gold', { class: 'future' })).toEqual(['GC US', 'AU CN']);
    expect(top('gold', { class: 'future', region: 'cn' })).toEqual(['AU CN']);
    expect(top('btc', { region: 'BT' })).toEqual(['BTCUSDT BT']);
    expect(top('apple', { class: 'crypto' })).toEqual([]);
  });

  it('answers nothing to an empty or blank query', () => {
    expect(top('')).toEqual([]);
    expect(top('   ')).toEqual([]);
    expect(top('.-')).toEqual([]);
    expect(top('', { class: 'stock', region: 'US' })).toEqual([]);
  });

  it('answers at most `limit` results, best first', () => {
    expect(top('a', { limit: 5 })).toHaveLength(5);
    expect(top('a', { limit: 5 })).toEqual(top('a', { limit: 50 }).slice(0, 5));
    expect(top('a')).toHaveLength(20);
  });

  it('answers nothing for text nothing resembles', () => {
    expect(top('zzqqxx')).toEqual([]);
  });

  it('carries the entry and its origin', () => {
    const entry = {
      class: 'stock',
      region: 'US',
      code: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      origin: 'seen',
    } as const;
    const [aapl] = searchIndex(buildIndex([entry]), { text: 'aapl' });
    expect(aapl).toEqual({ ...entry, match: 'code' });
  });
});

describe('the sieve', () => {
  // A directory of the shapes the sieve must not misjudge: HK numbers, codes with
  // punctuation, names with diacritics, apostrophes and other scripts, one-letter codes,
  // repeated codes in two regions, and many near-misses of each other.
  const syllables = [
    'ten',
    'cent',
    'ap',
    'ple',
    'ba',
    'nk',
    'ali',
    'ba',
    'nvi',
    'dia',
    'or',
    'sted',
  ];
  const generated: SourcedEntry[] = Array.from({ length: 1500 }, (_, i) => {
    const word = (k: number) =>
      syllables[(i * 7 + k * 3) % syllables.length]! + syllables[(i + k * 5) % syllables.length]!;
    const kind = i % 6;
    const name =
      kind === 0
        ? `${word(1)} Hold'ings ${word(2)}`
        : kind === 1
          ? `Ørsted-${word(3)} Société ${i}`
          : kind === 2
            ? `${word(4)} 騰訊 ${word(5)}`
            : `${word(6)} ${word(7)} ${word(8)}`;
    const code =
      kind === 3
        ? String(i % 997)
        : kind === 4
          ? `${word(9).slice(0, 3).toUpperCase()}.${'AB'[i % 2]}`
          : `${word(10)
              .slice(0, 1 + (i % 5))
              .toUpperCase()}${i % 3 === 0 ? '' : i}`;
    return {
      class: (['stock', 'crypto', 'fund', 'indices', 'forex', 'future'] as const)[i % 6]!,
      region: kind === 3 ? 'HK' : ['US', 'BA', 'SH', 'GB'][i % 4]!,
      code,
      name,
      exchange: 'X',
      origin: 'seen' as const,
    };
  });
  const both = buildIndex([...generated, ...shipped(WELL_KNOWN_SYMBOLS)]);
  const queries = [
    ...[
      'tencent',
      'apple',
      'bank of america',
      'orsted societe',
      'nvidia',
      '00700',
      'brk.b',
    ].flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1))),
    'appel',
    'tencnt',
    'tenccent',
    'nvidai',
    'xtencent',
    'etncent',
    'holdings tencent',
    'america bank',
    '騰訊',
    'tncnt',
    '7',
    '07',
    '0',
    'a b',
    'zzqqxx',
    'cent ten',
    '0005',
    '00012',
    '0',
    'societe 12',
  ];

  it('answers as scoring every entry does, query by query', () => {
    for (const text of queries) {
      for (const extra of [
        {},
        { limit: 5 },
        { limit: 100 },
        { class: 'fund' as const },
        { region: 'hk' },
      ]) {
        const query = { text, ...extra };
        expect(searchIndex(both, query), JSON.stringify(query)).toEqual(
          searchEveryEntry(both, query),
        );
      }
    }
  });

  it('leaves out nothing of the generated directory that a typo or gaps would find', () => {
    // The queries above reach every kind of match in the generated entries.
    const kinds = new Set(
      queries.flatMap((text) => searchIndex(both, { text }).map((r) => r.match)),
    );
    expect([...kinds].sort()).toEqual([...MATCH_KINDS].sort());
  });
});

describe('helpers', () => {
  it('normalises text', () => {
    expect(normaliseText("  L'Oréal S.A. ")).toBe('loreal s a');
    expect(normaliseText('Ørsted A/S')).toBe('orsted a s');
    expect(normaliseText('Amazon.com, Inc.')).toBe('amazon com inc');
  });

  it('measures the gaps of letters found in order', () => {
    expect(subsequenceGaps('tnc', 'tencent')).toBe(1);
    expect(subsequenceGaps('abc', 'acb')).toBe(Infinity);
  });

  it('knows one edit from a prefix', () => {
    expect(oneEditFromPrefix('appel', 'apple')).toBe(true);
    expect(oneEditFromPrefix('tencnt', 'tencent')).toBe(true);
    expect(oneEditFromPrefix('tenccent', 'tencent')).toBe(true);
    expect(oneEditFromPrefix('texcent', 'tencent')).toBe(true);
    expect(oneEditFromPrefix('tcxcent', 'tencent')).toBe(false);
  });
});

describe('the shipped list', () => {
  it('is a few hundred canonical entries with names and exchanges', () => {
    expect(WELL_KNOWN_SYMBOLS.length).toBeGreaterThan(250);
    for (const e of WELL_KNOWN_SYMBOLS) {
      expect(e.name, `${e.code} ${e.region}`).not.toBe('');
      expect(e.exchange, `${e.code} ${e.region}`).not.toBe('');
      expect(e.code).toBe(e.code.trim().toUpperCase());
    }
  });
});
