import { readFileSync } from 'node:fs'; // eslint-disable-line no-restricted-imports -- test reads a real sample file
import { describe, expect, it } from 'vitest';
import { parseEodCsv, symbolFromFileName } from './eod-csv.ts';

describe('symbolFromFileName', () => {
  it('takes the ticker from plain, Yahoo and path-qualified names', () => {
    expect(symbolFromFileName('THYAO.csv')).toBe('THYAO');
    expect(symbolFromFileName('thyao.IS.csv')).toBe('THYAO');
    expect(symbolFromFileName('/data/in/GARAN.IS.CSV')).toBe('GARAN');
    expect(symbolFromFileName('C:\\exports\\A1CAP.csv')).toBe('A1CAP');
    expect(symbolFromFileName('my prices.csv')).toBeNull();
  });
});

describe('parseEodCsv', () => {
  it('reads the plain layout and sorts rows by date', () => {
    const text =
      'date,open,high,low,close,volume\n2026-07-10,297,300.5,296,299.75,100\n2026-07-09,290,298,289,296,200\n';
    const result = parseEodCsv(text, { fileName: 'THYAO.csv' });
    expect(result.symbol).toBe('THYAO');
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.date)).toEqual(['2026-07-09', '2026-07-10']);
    expect(result.rows[1]).toEqual({
      date: '2026-07-10',
      open: 297,
      high: 300.5,
      low: 296,
      close: 299.75,
      volume: 100,
    });
  });

  it("reads Yahoo's export, using Close and ignoring Adj Close, with BOM and CRLF", () => {
    const text =
      '\uFEFFDate,Open,High,Low,Close,Adj Close,Volume\r\n2026-07-10,297,300.5,296,299.75,280.1,12345\r\n';
    const result = parseEodCsv(text, { fileName: 'THYAO.IS.csv' });
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      { date: '2026-07-10', open: 297, high: 300.5, low: 296, close: 299.75, volume: 12345 },
    ]);
  });

  it('reports each bad line with its number and keeps the good ones', () => {
    const text = [
      'date,open,high,low,close,volume',
      '2026-07-01,10,11,9,10.5,100', // 2 ok
      '2026-13-01,10,11,9,10.5,100', // 3 bad date
      '2026-07-02,10,abc,9,10.5,100', // 4 non-numeric
      '2026-07-03,10,9,11,10,100', // 5 high < low
      '2026-07-06,10,11,9,10.5,-5', // 6 negative volume
      '2026-07-01,10,11,9,10.5,100', // 7 duplicate
      '2026-07-07,null,null,null,null,null', // 8 Yahoo null row
      '2026-07-08,12,11,9,10,100', // 9 open above high
      '2026-07-09,10,11', // 10 too few fields
      '2026-07-10,0,11,9,10,100', // 11 zero price
    ].join('\n');
    const result = parseEodCsv(text, { fileName: 'ABC.csv' });
    expect(result.rows.map((r) => r.date)).toEqual(['2026-07-01']);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'bad_date'],
      [4, 'non_numeric'],
      [5, 'high_below_low'],
      [6, 'negative_volume'],
      [7, 'duplicate_date'],
      [8, 'non_numeric'],
      [9, 'open_close_outside_range'],
      [10, 'wrong_field_count'],
      [11, 'non_positive_price'],
    ]);
    expect(result.errors[0]!.reason).toMatch(/2026-13-01/);
  });

  it('rejects a file without the required columns and a name without a symbol', () => {
    const result = parseEodCsv('time,price\n1,2\n', { fileName: 'x y.csv' });
    expect(result.symbol).toBeNull();
    expect(result.rows).toEqual([]);
    expect(result.errors.map((e) => e.code)).toEqual(['bad_symbol', 'missing_columns']);
    expect(result.errors[1]!.reason).toMatch(/open, high, low, close, volume/);
  });

  it('accepts Turkish Excel exports: semicolons, decimal commas, DD.MM.YYYY', () => {
    const result = parseEodCsv(
      'Date;Open;High;Low;Close;Volume\n10.07.2026;1.297,5;1.300;1.290;1.299,75;10\n',
      {
        fileName: 'DSTKF.csv',
      },
    );
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toEqual({
      date: '2026-07-10',
      open: 1297.5,
      high: 1300,
      low: 1290,
      close: 1299.75,
      volume: 10,
    });
    const dotted = parseEodCsv('date;open;high;low;close;volume\n2026-07-10;297.5;300.25;296;299.75;10\n', {
      fileName: 'THYAO.csv',
    });
    expect(dotted.rows[0]).toMatchObject({ open: 297.5, high: 300.25, close: 299.75 });
  });

  it("refuses an English-grouped price in a ';' file instead of reading it a thousand times smaller", () => {
    const result = parseEodCsv(
      'date;open;high;low;close;volume\n2026-07-10;1,297.5;1.300;1.290;1.299,75;10\n',
      {
        fileName: 'DSTKF.csv',
      },
    );
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { line: 2, code: 'non_numeric', reason: expect.stringMatching(/^open reads two ways: '1,297\.5'/) },
    ]);
  });

  it('parses real end-of-day data completely (the last 40 THYAO days of the real_daily export)', () => {
    const text = readFileSync(new URL('../test/fixtures/THYAO-2026.csv', import.meta.url), 'utf8');
    const result = parseEodCsv(text, { fileName: 'THYAO.csv' });
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(40);
    expect(result.rows.at(-1)).toMatchObject({ date: '2026-07-10', close: 344.5 });
  });
});
