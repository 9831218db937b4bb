import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_IMPORT_MAX_ROWS_PER_DAY, CSV_MAX_COLUMNS, CSV_MAX_ROWS } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
import { csvParse } from './csv.ts';
import { csvRowsCheck } from './portfolio-csv-import.ts';

const HEADER = 'date,type,symbol,quantity,price,commission,amount,note';
const depositRows = (n: number) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => `2026-11-0${1 + (i % 9)},deposit,,,,,${100 + i},`)].join(
    '\n',
  );

/** Issue #36's column bomb: a header of 100,002 columns, then 5,000 one-field lines. */
const COLUMN_BOMB = `date,type${','.repeat(100_000)}\n${'1\n'.repeat(5_000)}`;

describe('CSV limits', () => {
  it('refuses a file over the row limit without reading it to its end or checking any row', async () => {
    const table = await csvParse(depositRows(40_000));
    expect(table.fileErrors.join(' ')).toMatch(/En fazla 5\.000 satır/);
    expect(table.records).toHaveLength(0);
    expect((await csvParse(depositRows(CSV_MAX_ROWS))).records).toHaveLength(CSV_MAX_ROWS);
  });

  it('stops at a line over the column bound, naming the line and its columns', async () => {
    const table = await csvParse(COLUMN_BOMB);
    expect(table.shapeError).toBe(
      `Satır 1 100.002 sütun içeriyor; bir satırda en fazla ${CSV_MAX_COLUMNS} sütun olabilir.`,
    );
    expect(table.records).toHaveLength(0);
    const wideRow = `${HEADER}\n2026-11-02,deposit,,,,,100,${',x'.repeat(CSV_MAX_COLUMNS)}\n`;
    expect((await csvParse(wideRow)).shapeError).toMatch(/^Satır 2 28 sütun/);
    const widest = `${HEADER}\n2026-11-02,deposit,,,,,100,${','.repeat(CSV_MAX_COLUMNS - 8)}\n`;
    expect((await csvParse(widest)).shapeError).toBeNull();
  });

  it('stops at a line over the length bound, quoted line breaks included', async () => {
    const long = `${HEADER}\n2026-11-02,deposit,,,,,100,"${'a\n'.repeat(600)}"\n`;
    expect((await csvParse(long)).shapeError).toBe(
      'Satır 2 çok uzun; bir satır en fazla 1.000 karakter olabilir.',
    );
  });

  it('reads a large file in turns, letting other work run in between', async () => {
    let ranDuringParse = false;
    const parsing = csvParse(depositRows(CSV_MAX_ROWS));
    setImmediate(() => (ranDuringParse = true));
    expect((await parsing).records).toHaveLength(CSV_MAX_ROWS);
    expect(ranDuringParse).toBe(true);
  });

  it('checks rows a few hundred at a time, letting other work run in between', async () => {
    let ranDuringCheck = false;
    const checking = csvRowsCheck(depositRows(2_000), { today: '2026-11-18', isKnownSymbol: () => true });
    setImmediate(() => (ranDuringCheck = true));
    const checked = await checking;
    expect(checked.rows).toHaveLength(2_000);
    expect(ranDuringCheck).toBe(true);
  });
});

describe('CSV routes per investor', () => {
  let t: TestApp;
  let inv: Investor;
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
    inv = await investor(t);
  });
  afterAll(async () => t.close());

  it('refuse the column bomb with 400 on csv, preview and import alike, saving nothing', async () => {
    for (const url of ['/api/portfolio/transactions/import/preview', '/api/portfolio/transactions/import']) {
      const res = await inv.post(url, { csv: COLUMN_BOMB });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        field: 'csv',
        error: `CSV dosyası okunamadı: Satır 1 100.002 sütun içeriyor; bir satırda en fazla ${CSV_MAX_COLUMNS} sütun olabilir.`,
      });
    }
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(0);
  });

  it('answer /health while a large file is being checked', async () => {
    const badRows = [
      HEADER,
      ...Array.from({ length: CSV_MAX_ROWS }, (_, i) => `2026-13-${i % 28},buy,X,-1,a,,,`),
    ];
    for (const csv of [depositRows(CSV_MAX_ROWS), badRows.join('\n')]) {
      const order: string[] = [];
      const preview = inv
        .post('/api/portfolio/transactions/import/preview', { csv })
        .then((res) => order.push(`preview ${res.statusCode}`));
      const health = t.app.inject({ method: 'GET', url: '/health' }).then(() => order.push('health'));
      await Promise.all([preview, health]);
      expect(order).toEqual(['health', 'preview 200']);
    }
  });

  it('answer 429 after 20 checks a minute, for that investor only', async () => {
    const csv = depositRows(1);
    const statuses: number[] = [];
    // The tests above used 6 of this investor's 20.
    const other = await investor(t);
    for (let i = 0; i < 21; i += 1)
      statuses.push((await other.post('/api/portfolio/transactions/import/preview', { csv })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const third = await investor(t);
    expect((await third.post('/api/portfolio/transactions/import/preview', { csv })).statusCode).toBe(200);
  });
});

describe('CSV imports per investor and day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
  });
  afterAll(async () => t.close());

  it(`refuse with 429 an import past ${CSV_IMPORT_MAX_ROWS_PER_DAY} transactions a day, saving nothing, until the next day`, async () => {
    const inv = await investor(t);
    const imports = CSV_IMPORT_MAX_ROWS_PER_DAY / CSV_MAX_ROWS;
    for (let i = 0; i < imports; i++)
      expect(
        (await inv.post('/api/portfolio/transactions/import', { csv: depositRows(CSV_MAX_ROWS) })).statusCode,
      ).toBe(200);
    const preview = await inv.post('/api/portfolio/transactions/import/preview', { csv: depositRows(1) });
    expect(preview.json().data).toMatchObject({ can_import: false, valid_rows: 1 });
    expect(preview.json().data.file_errors.join(' ')).toMatch(/Bir günde en fazla 10\.000 işlem/);
    const refused = await inv.post('/api/portfolio/transactions/import', { csv: depositRows(1) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      error:
        'Bir günde en fazla 10.000 işlem içe aktarılabilir: bugün 10.000 işlem kaydedildi, dosyada 1 satır var. ' +
        'Hiçbir işlem kaydedilmedi; yarın yeniden deneyin.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await inv.get('/api/portfolio/transactions?limit=1')).json().data.total).toBe(
      CSV_IMPORT_MAX_ROWS_PER_DAY,
    );
    // Another investor is not affected; recording by hand is not an import.
    const other = await investor(t);
    expect((await other.post('/api/portfolio/transactions/import', { csv: depositRows(1) })).statusCode).toBe(
      200,
    );
    expect(
      (await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-18', amount: 1 }))
        .statusCode,
    ).toBe(201);
  });
});
