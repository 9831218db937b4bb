import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { AuthRepository } from '@/modules/auth/auth.repository';
import { PortfolioRepository, type NewTransactionRow } from './portfolio.repository.ts';

const deposit = (tradeDate: string, amountTry: number): NewTransactionRow => ({
  type: 'deposit',
  tradeDate,
  amountTry,
  commissionTry: 0,
});

describe.each(testBackends())('PortfolioRepository on %s', (backend) => {
  let database: Database;
  let repo: PortfolioRepository;
  let users: AuthRepository;
  const newUser = async (email: string) =>
    (await users.insertUser({ email, name: email, passwordHash: 'h', createdByDemoLogin: false }))!.id;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new PortfolioRepository(database.db);
    users = new AuthRepository(database.db);
  });
  afterAll(async () => database.close());

  it('lists one investor’s ledger in (trade date, id) order with numbers as numbers', async () => {
    const a = await newUser('a@example.com');
    const b = await newUser('b@example.com');
    await repo.withLedgerLock(a, (r) =>
      r.insertTransactions(a, [
        deposit('2026-03-01', 100),
        {
          type: 'buy',
          tradeDate: '2026-02-01',
          symbol: 'THYAO',
          quantity: 3,
          priceTry: 285.123456,
          commissionTry: 0.57,
        },
        deposit('2026-02-01', 50.5),
      ]),
    );
    await repo.withLedgerLock(b, (r) => r.insertTransactions(b, [deposit('2026-01-01', 1)]));
    const rows = await repo.listTransactions(a);
    expect(rows.map((r) => [r.tradeDate, r.type])).toEqual([
      ['2026-02-01', 'buy'],
      ['2026-02-01', 'deposit'],
      ['2026-03-01', 'deposit'],
    ]);
    expect(rows[0]).toMatchObject({
      quantity: 3,
      priceTry: 285.123456,
      commissionTry: 0.57,
      amountTry: null,
    });
    expect(rows[1]!.amountTry).toBe(50.5);
  });

  it('bumps the ledger version on every locked write, and not on a failed one', async () => {
    const u = await newUser('v@example.com');
    expect((await repo.account(u)).ledgerVersion).toBe(0);
    await repo.withLedgerLock(u, (r) => r.insertTransactions(u, [deposit('2026-01-01', 10)]));
    await repo.withLedgerLock(u, async () => undefined);
    expect((await repo.account(u)).ledgerVersion).toBe(2);
    await expect(
      repo.withLedgerLock(u, async (r) => {
        await r.insertTransactions(u, [deposit('2026-01-02', 10)]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await repo.account(u)).ledgerVersion).toBe(2);
    expect(await repo.listTransactions(u)).toHaveLength(1); // rolled back
  });

  it('serialises concurrent writes of one investor (each sees the other’s rows)', async () => {
    const u = await newUser('c@example.com');
    const seen: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        repo.withLedgerLock(u, async (r) => {
          seen.push((await r.listTransactions(u)).length);
          await r.insertTransactions(u, [deposit('2026-01-01', n)]);
        }),
      ),
    );
    expect(seen.sort()).toEqual([0, 1, 2]);
  });

  it('updates and deletes only the owner’s rows', async () => {
    const owner = await newUser('o@example.com');
    const other = await newUser('x@example.com');
    const [row] = await repo.withLedgerLock(owner, (r) =>
      r.insertTransactions(owner, [deposit('2026-01-01', 10)]),
    );
    expect(await repo.updateTransaction(other, row!.id, deposit('2026-01-01', 99))).toBeNull();
    expect(await repo.deleteTransaction(other, row!.id)).toBe(false);
    expect(await repo.updateTransaction(owner, row!.id, deposit('2026-01-03', 99))).toMatchObject({
      id: row!.id,
      tradeDate: '2026-01-03',
      amountTry: 99,
    });
    expect((await repo.listTransactions(owner))[0]).toMatchObject({ tradeDate: '2026-01-03', amountTry: 99 });
    expect(await repo.deleteAllTransactions(owner)).toBe(1);
    expect(await repo.listTransactions(owner)).toEqual([]);
  });

  it('keeps the cash rule per account and deletes only demo rows', async () => {
    const u = await newUser('d@example.com');
    expect((await repo.account(u)).allowNegativeCash).toBe(false);
    await repo.withLedgerLock(u, async (locked) => {
      await locked.setAllowNegativeCash(u, true);
      await locked.insertTransactions(u, [
        { ...deposit('2026-01-02', 10), isDemo: true },
        deposit('2026-01-03', 20),
      ]);
    });
    expect((await repo.account(u)).allowNegativeCash).toBe(true);
    expect(await repo.deleteDemoTransactions(u)).toBe(1);
    expect((await repo.listTransactions(u)).map((r) => r.amountTry)).toEqual([20]);
  });
});
