import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CSV_IMPORT_MAX_ROWS_PER_DAY,
  CSV_MAX_COLUMNS,
  CSV_MAX_ROWS,
  transactionInputSchema,
} from '@bist/contracts';
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

  it('answer other requests while a large file is checked and while its answer is built', async () => {
    // The ledger is in memory already (as after any page view), so no database read stands between the last row
    // checked and the answer: whatever runs there runs on the event loop alone.
    await inv.get('/api/portfolio/transactions');
    const badRows = [
      HEADER,
      ...Array.from({ length: CSV_MAX_ROWS }, (_, i) => `2026-13-${i % 28},buy,X,-1,a,,,`),
    ];
    for (const csv of [depositRows(CSV_MAX_ROWS), badRows.join('\n')]) {
      // Each row is checked by one safeParse of the transaction schema: count them, and queue a turn of the event
      // loop (what any other request needs to be answered) once 100 rows are checked and again when the last one is.
      // Requests answered within microtasks would not tell: they slip in at any await.
      const events: string[] = [];
      let checked = 0;
      const probe = (name: string) => setImmediate(() => events.push(`${name}: turn after ${checked} rows`));
      const safeParse = transactionInputSchema.safeParse.bind(transactionInputSchema);
      const spy = vi.spyOn(transactionInputSchema, 'safeParse').mockImplementation((input) => {
        checked += 1;
        if (checked === 100) probe('during the check');
        if (checked === CSV_MAX_ROWS) probe('after the last row');
        return safeParse(input);
      });
      try {
        const res = await inv.post('/api/portfolio/transactions/import/preview', { csv });
        events.push(`preview ${res.statusCode}`);
        expect(res.json().data.rows).toHaveLength(CSV_MAX_ROWS);
      } finally {
        spy.mockRestore();
      }
      // Checking rows in one block would give the first turn only after the last row; building the ≈ 1 MB answer in
      // one block (ledger check, serialisation) would answer the preview before the second turn.
      expect(events).toHaveLength(3);
      expect(events[0]).toMatch(/^during the check: turn after \d+ rows$/);
      expect(Number(/after (\d+) rows/.exec(events[0]!)![1])).toBeLessThan(CSV_MAX_ROWS);
      expect(events.slice(1)).toEqual([`after the last row: turn after ${CSV_MAX_ROWS} rows`, 'preview 200']);
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
