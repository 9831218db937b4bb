import { describe, expect, it } from 'vitest';
import { csvCell } from '@/lib/csv-writer';
import { csvAmbiguousCells, csvNote, csvNumber, csvParse } from './csv.ts';

describe(csvCell.name, () => {
  it('neutralises formulas at the start and after a semicolon, and quotes separators', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
    expect(csvCell('x;=1+1')).toBe('"x;\'=1+1"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain note')).toBe('plain note');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
  });

  it('reads its own output back to the same note', async () => {
    for (const note of ['=1+1', 'x;=1+1', '-5 lot', 'a;b', 'normal']) {
      const text = `date,type,amount,note\r\n2026-11-17,deposit,100,${csvCell(note)}\r\n`;
      const table = await csvParse(text);
      expect(csvNote(table.records[0]!.values.note ?? '')).toBe(note);
    }
  });
});

describe('csv number cells (the shared amount reader)', () => {
  it("reads ',' files with a decimal point and ';' files the Turkish way", () => {
    expect(csvNumber('10.125', ',')).toBe(10.125);
    expect(csvNumber('10.000,50', ';')).toBe(10_000.5);
    expect(csvNumber('12,5', ';')).toBe(12.5);
    expect(csvNumber('', ';')).toBeUndefined();
    expect(csvNumber('abc', ',')).toBe('abc');
  });
  it('names a cell that reads two ways', () => {
    const record = { line: 2, values: { amount: '10,000.50', price: '12,5' } };
    expect(csvAmbiguousCells(record, ';')).toEqual([
      { field: 'amount', message: expect.stringMatching(/^Tutar iki türlü okunabilir/) },
    ]);
  });
});
