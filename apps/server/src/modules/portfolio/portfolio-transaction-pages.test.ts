import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_LIST_DEFAULT_LIMIT, TRANSACTION_LIST_MAX_LIMIT } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';

interface Page {
  transactions: { id: number; date: string; type: string }[];
  total: number;
  next_cursor: string | null;
}

describe('the transaction list in pages', () => {
  let t: TestApp;
  let inv: Investor;
  const page = async (query: string): Promise<Page> => {
    const res = await inv.get(`/api/portfolio/transactions${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Page }>().data;
  };
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
    inv = await investor(t);
    // 250 transactions on 25 days: deposits, and a buy every fifth row.
    const lines = ['date,type,symbol,quantity,price,commission,amount,note'];
    for (let i = 0; i < 250; i++) {
      const date = `2026-10-${String(1 + Math.floor(i / 10)).padStart(2, '0')}`;
      lines.push(i % 5 === 4 ? `${date},buy,GARAN,1,100,,,` : `${date},deposit,,,,,1000,`);
    }
    const res = await inv.post('/api/portfolio/transactions/import', { csv: lines.join('\n') });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('answers the newest page by default with the whole ledger’s count and a cursor to the next', async () => {
    const first = await page('');
    expect(first.transactions).toHaveLength(TRANSACTION_LIST_DEFAULT_LIMIT);
    expect(first.total).toBe(250);
    expect(first.transactions[0]!.date).toBe('2026-10-25');
    expect(first.next_cursor).toBe(`${first.transactions.at(-1)!.date}_${first.transactions.at(-1)!.id}`);
  });

  it('walks the whole ledger by cursor, newest first, each transaction once', async () => {
    const seen: Page['transactions'] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(`?limit=60${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.transactions);
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((tx) => tx.id)).size).toBe(250);
    const sorted = [...seen].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.id - a.id));
    expect(seen).toEqual(sorted);
  });

  it('keeps a page in place when a transaction is recorded meanwhile', async () => {
    const first = await page('?limit=10');
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-18', amount: 5 });
    const second = await page(`?limit=10&cursor=${first.next_cursor}`);
    expect(second.transactions[0]!.id).not.toBe(first.transactions[9]!.id);
    expect(second.total).toBe(251);
    const all = await page(`?limit=${TRANSACTION_LIST_MAX_LIMIT}`);
    const at = all.transactions.findIndex((tx) => tx.id === first.transactions[9]!.id);
    expect(all.transactions[at + 1]!.id).toBe(second.transactions[0]!.id);
  });

  it('pages a filter and counts only what matches', async () => {
    const buys = await page('?type=buy&limit=20');
    expect(buys.total).toBe(50);
    expect(buys.transactions.every((tx) => tx.type === 'buy')).toBe(true);
    const rest = await page(`?type=buy&limit=40&cursor=${buys.next_cursor}`);
    expect(rest.transactions).toHaveLength(30);
    expect(rest.next_cursor).toBeNull();
  });

  it('refuses a limit over the maximum and a malformed cursor with 400 naming the field', async () => {
    const tooMany = await inv.get(`/api/portfolio/transactions?limit=${TRANSACTION_LIST_MAX_LIMIT + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, field: 'querystring.limit' });
    const bad = await inv.get('/api/portfolio/transactions?cursor=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'querystring.cursor' });
  });
});
