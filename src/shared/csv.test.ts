import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine, neutraliseFormula, parseCsv } from './csv';

describe('csv', () => {
  it('quotes only what must be quoted, doubling quotes', () => {
    expect(csvField('AAPL')).toBe('AAPL');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField('')).toBe('');
  });

  it('writes numbers plainly and nothing for missing or non-finite ones', () => {
    expect(csvField(1234567.5)).toBe('1234567.5');
    expect(csvField(-0.0001)).toBe('-0.0001');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('round-trips awkward text through the parser', () => {
    const rows = [
      ['name', 'note'],
      ['My, list', 'He said "buy"\nthen left'],
      ['', ' x '],
    ];
    const text = csvDocument(rows[0]!, rows.slice(1));
    expect(text.endsWith('\n')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
    expect(csvLine(['a', 1, null])).toBe('a,1,\n');
  });

  it('parses CRLF lines and refuses an unclosed quote', () => {
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(() => parseCsv('"open')).toThrow(/not closed/);
  });

  // Finding 6 of the second audit: these reached the watchlist CSV as written.
  it.each([
    ["=CMD|' /C CALC'!A0", "'=CMD|' /C CALC'!A0"],
    ['@SUM(1+1)*CMD', "'@SUM(1+1)*CMD"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
  ])('neutralises a cell a spreadsheet would run as a formula (%j)', (cell, field) => {
    expect(csvField(cell)).toBe(field);
    expect(parseCsv(`${csvField(cell)}\n`)).toEqual([[`'${cell}`]]);
  });

  it('leaves numbers numbers, negative ones and text that only contains a sign included', () => {
    for (const plain of ['-1.57', '-0.0001', '-12', '1e-7', '-.5', 'AAPL', 'BRK-B', 'a=b']) {
      expect(neutraliseFormula(plain)).toBe(plain);
    }
    expect(csvField(-1.57)).toBe('-1.57');
  });
});
