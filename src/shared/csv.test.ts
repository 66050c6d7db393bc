import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine, parseCsv } from './csv';

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
});
