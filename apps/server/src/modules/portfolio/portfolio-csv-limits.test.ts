import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
import { csvParse } from './csv.ts';
import { csvRowsCheck } from './portfolio-csv-import.ts';

const HEADER = 'date,type,symbol,quantity,price,commission,amount,note';
const depositRows = (n: number) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => `2026-11-0${1 + (i % 9)},deposit,,,,,${100 + i},`)].join(
    '\n',
  );

describe('CSV limits', () => {
  it('refuses a file over the row limit without reading it to its end or checking any row', () => {
    const table = csvParse(depositRows(40_000));
    expect(table.fileErrors.join(' ')).toMatch(/En fazla 5\.000 satır/);
    expect(table.records).toHaveLength(0);
    expect(csvParse(depositRows(CSV_MAX_ROWS)).records).toHaveLength(CSV_MAX_ROWS);
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

  it('answer 429 after 20 checks a minute, for that investor only', async () => {
    const csv = depositRows(1);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await inv.post('/api/portfolio/transactions/import/preview', { csv })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const other = await investor(t);
    expect((await other.post('/api/portfolio/transactions/import/preview', { csv })).statusCode).toBe(200);
  });
});
