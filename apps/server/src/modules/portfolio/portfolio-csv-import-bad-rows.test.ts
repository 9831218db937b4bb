import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';

const HEADER = 'date,type,symbol,quantity,price,commission,amount,note';

describe('CSV import with bad rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
  });
  afterAll(async () => t.close());

  const bad = [
    HEADER,
    '2026-10-01,deposit,,,,,50000,Açılış',
    '2026-10-02,buy,THYAO,100,abc,0,,', // line 3: non-numeric price
    '2026-10-02,buy,XXXXX,10,10,0,,', // line 4: unknown symbol
    '2026-12-01,buy,GARAN,10,100,0,,', // line 5: future date
    '2026-10-03,buy,GARAN,-5,100,0,,', // line 6: negative quantity
    '2026-10-03,withdraw,,,,,,', // line 7: amount missing
    '2026-10-03,transfer,,,,,100,', // line 8: unknown type
    '2026-10-04,buy,ASELS,10,150,1.5,,', // line 9: fine
  ].join('\n');

  it('previews every row with its line and the reason it is bad, saving nothing', async () => {
    const inv = await investor(t);
    const res = await inv.post('/api/portfolio/transactions/import/preview', { csv: bad });
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({
      total_rows: 8,
      valid_rows: 2,
      invalid_rows: 6,
      can_import: false,
      ledger_error: null,
    });
    const byLine = Object.fromEntries(
      preview.rows.map((r: { line: number; errors: { field: string }[] }) => [
        r.line,
        r.errors.map((e) => e.field),
      ]),
    );
    expect(byLine).toEqual({
      2: [],
      3: ['price'],
      4: ['symbol'],
      5: ['date'],
      6: ['quantity'],
      7: ['amount'],
      8: ['type'],
      9: [],
    });
    expect(preview.rows.find((r: { line: number }) => r.line === 3).errors[0].message).toBe(
      'Fiyat sayı olmalı',
    );
    expect(preview.rows.find((r: { line: number }) => r.line === 9).transaction).toMatchObject({
      type: 'buy',
      symbol: 'ASELS',
      commission: 1.5,
    });
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(0);
  });

  it("names a ';' file's amount that reads two ways ('10,000.50') instead of reading it as 10,00", async () => {
    const inv = await investor(t);
    const csv = [
      'date;type;symbol;quantity;price;commission;amount;note',
      '01.10.2026;deposit;;;;;10.000,50;', // Turkish: read exactly
      '02.10.2026;deposit;;;;;10,000.50;', // reads two ways: refused
    ].join('\n');
    const res = await inv.post('/api/portfolio/transactions/import/preview', { csv });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().data.rows;
    expect(first).toMatchObject({ ok: true, transaction: { amount: 10_000.5 } });
    expect(second.ok).toBe(false);
    expect(second.errors).toEqual([
      { field: 'amount', message: expect.stringMatching(/^Tutar iki türlü okunabilir/) },
    ]);
  });

  it('refuses the import as a whole with 400 naming the bad lines, and saves nothing', async () => {
    const inv = await investor(t);
    const res = await inv.post('/api/portfolio/transactions/import', { csv: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'csv' });
    expect(res.json().error).toContain('6 hatalı satır');
    expect(res.json().error).toContain('Satır 3: price: Fiyat sayı olmalı');
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(0);
  });

  it('reports a ledger that breaks (a sell of more than held) at its line, and imports nothing', async () => {
    const inv = await investor(t);
    const csv = [
      HEADER,
      '2026-10-01,deposit,,,,,5000,',
      '2026-10-02,buy,GARAN,10,100,0,,',
      '2026-10-03,sell,GARAN,11,100,0,,',
    ].join('\n');
    const preview = (await inv.post('/api/portfolio/transactions/import/preview', { csv })).json().data;
    expect(preview.invalid_rows).toBe(0);
    expect(preview.can_import).toBe(false);
    expect(preview.ledger_error).toMatchObject({ line: 4 });
    expect(preview.ledger_error.message).toContain('Elinizdeki adetten fazla satış yapılamaz');
    const res = await inv.post('/api/portfolio/transactions/import', { csv });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^Satır 4: /);
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(0);
  });

  it('imports a Turkish Excel file (semicolons, decimal commas, Turkish types and dates) all at once', async () => {
    const inv = await investor(t);
    const csv = [
      'date;type;symbol;quantity;price;commission;amount;note',
      '01.10.2026;Para yatırma;;;;;1.000.000,00;"Açılış; ilk"',
      '02.10.2026;alış;thyao;1000;285,50;57,10;;',
      '03.10.2026;temettü;THYAO;;;;1.250,75;',
    ].join('\r\n');
    const res = await inv.post('/api/portfolio/transactions/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ imported: 3, replaced: 0 });
    const list = (await inv.get('/api/portfolio/transactions')).json().data.transactions;
    expect(list.map((x: { type: string }) => x.type)).toEqual(['dividend', 'buy', 'deposit']);
    expect(list[1]).toMatchObject({ symbol: 'THYAO', quantity: 1000, price: 285.5, commission: 57.1 });
    expect(list[2]).toMatchObject({ amount: 1_000_000, note: 'Açılış; ilk' });
    const overview = (await inv.get('/api/portfolio/overview')).json().data.overview;
    expect(overview.cash_balance).toBe(1_000_000 - 285_500 - 57.1 + 1_250.75);
  });

  it('round-trips an export through import (replace) to the same ledger', async () => {
    const source = await investor(t);
    // CSV export is a paid plan's feature (decision 0056).
    expect((await source.put('/api/subscription', { plan: 'premium', interval: 'monthly' })).statusCode).toBe(
      200,
    );
    const csv = [
      HEADER,
      '2026-09-01,deposit,,,,,100000,"Not, virgüllü"',
      '2026-09-02,buy,THYAO,100,250.25,12.5,,',
      '2026-09-03,buy,GARAN,200,110,3,,=SUM(A1)',
      '2026-09-10,sell,THYAO,40,270,5.4,,',
      '2026-09-15,dividend,GARAN,,,,321.09,',
      '2026-09-30,fee,,,,,9.99,Saklama ücreti',
      '2026-10-01,withdraw,,,,,1000,',
    ].join('\n');
    expect((await source.post('/api/portfolio/transactions/import', { csv })).statusCode).toBe(200);
    const exported = await source.get('/api/portfolio/transactions/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('portfoy-islemleri-2026-11-18.csv');
    expect(exported.body).toContain("'=SUM(A1)"); // formula neutralised for spreadsheets

    const target = await investor(t);
    expect((await target.put('/api/subscription', { plan: 'pro', interval: 'monthly' })).statusCode).toBe(
      200,
    );
    await target.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-01-01', amount: 5 });
    const imported = await target.post('/api/portfolio/transactions/import', {
      csv: exported.body,
      replace: true,
    });
    expect(imported.json().data).toEqual({ imported: 7, replaced: 1 });
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map(({ id: _id, created_at: _c, ...rest }) => rest);
    const a = (await source.get('/api/portfolio/transactions')).json().data.transactions;
    const b = (await target.get('/api/portfolio/transactions')).json().data.transactions;
    expect(strip(b)).toEqual(strip(a));
    expect((await target.get('/api/portfolio/transactions/export')).body).toBe(exported.body);
  });

  it('names file-level problems: no header, unknown columns', async () => {
    const inv = await investor(t);
    const preview = (
      await inv.post('/api/portfolio/transactions/import/preview', { csv: 'tarih,tur\n2026-10-01,deposit' })
    ).json().data;
    expect(preview.can_import).toBe(false);
    expect(preview.file_errors.join(' ')).toContain('Bilinmeyen sütun');
    const res = await inv.post('/api/portfolio/transactions/import', {
      csv: 'tarih,tur\n2026-10-01,deposit',
    });
    expect(res.statusCode).toBe(400);
  });
});
