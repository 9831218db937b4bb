import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
import { LEDGER_VERSION_CHECK_MS } from './ledger-cache.ts';
import { buy, deposit, sell } from './ledger-fixtures.ts';
import {
  LEDGER_CHECKPOINT_EVERY,
  ledgerReplay,
  ledgerReplayChange,
  type LedgerTransaction,
  type ValidReplay,
} from './ledger.ts';
import { PortfolioRepository, type NewTransactionRow } from './portfolio.repository.ts';
import { PortfolioService } from './portfolio.service.ts';

const valid = (transactions: LedgerTransaction[]): ValidReplay => {
  const replay = ledgerReplay(transactions);
  if (!replay.ok) throw new Error('fixture ledger is invalid');
  return replay;
};

describe('a change replays only what follows it', () => {
  // 2.5 checkpoints' worth: a deposit, then buys and sells of one stock on 500 days.
  const ledger: LedgerTransaction[] = [deposit('2020-01-01', 10_000_000)];
  for (let i = 0; i < 2_500; i++) {
    const day = new Date(Date.UTC(2020, 0, 2) + Math.floor(i / 5) * 86_400_000).toISOString().slice(0, 10);
    ledger.push(i % 3 === 2 ? sell(day, 'GARAN', 1, 101) : buy(day, 'GARAN', 2, 100, { commissionTry: 1 }));
  }
  const base = valid(ledger);
  const same = (incremental: ReturnType<typeof ledgerReplay>, full: ReturnType<typeof ledgerReplay>) => {
    expect(incremental.ok).toBe(full.ok);
    if (!incremental.ok || !full.ok) {
      if (!incremental.ok && !full.ok) expect(incremental.violation).toEqual(full.violation);
      return;
    }
    expect(incremental.ordered.map((tx) => tx.id)).toEqual(full.ordered.map((tx) => tx.id));
    expect(incremental.effects).toEqual(full.effects);
    expect(incremental.state).toEqual(full.state);
    expect(incremental.checkpoints).toEqual(full.checkpoints);
  };

  it('gives the full replay’s result for an append, an insert, an edit and a removal', () => {
    const late = buy('2026-01-05', 'GARAN', 3, 100);
    same(ledgerReplayChange(base, { add: [late] }), ledgerReplay([...ledger, late]));
    const early = deposit('2020-03-01', 50);
    same(ledgerReplayChange(base, { add: [early] }), ledgerReplay([...ledger, early]));
    const index = 1_700;
    const edited = { ...base.ordered[index]!, tradeDate: '2020-02-10' };
    same(
      ledgerReplayChange(base, { removeIndex: index, add: [edited] }),
      ledgerReplay(base.ordered.map((tx, i) => (i === index ? edited : tx))),
    );
    same(ledgerReplayChange(base, { removeIndex: 3 }), ledgerReplay(base.ordered.filter((_, i) => i !== 3)));
  });

  it('refuses what the full replay refuses, at the same transaction', () => {
    const tooMany = sell('2020-01-02', 'GARAN', 1_000, 100);
    const result = ledgerReplayChange(base, { add: [tooMany] });
    expect(result.ok).toBe(false);
    same(result, ledgerReplay([...ledger, tooMany]));
  });

  it('leaves the ledger it started from unchanged', () => {
    const before = JSON.stringify({ state: [...base.state.positions], effects: base.effects.length });
    ledgerReplayChange(base, { add: [buy('2026-01-05', 'GARAN', 3, 100)] });
    ledgerReplayChange(base, { removeIndex: 10 });
    expect(JSON.stringify({ state: [...base.state.positions], effects: base.effects.length })).toBe(before);
    expect(base.ordered).toHaveLength(ledger.length);
    expect(base.checkpoints).toHaveLength(Math.ceil(ledger.length / LEDGER_CHECKPOINT_EVERY));
  });
});

describe('ledger writes at any ledger size', () => {
  let t: TestApp;
  let inv: Investor;
  let repo: PortfolioRepository;
  let service: PortfolioService;
  let days = 0;
  /** Transactions written straight to the database, as earlier days (or another server process) left them. */
  const seed = async (count: number) => {
    const rows: NewTransactionRow[] = [];
    for (let i = 0; i < count; i++, days++) {
      const date = new Date(Date.UTC(2021, 0, 4) + Math.floor(days / 10) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      rows.push({ type: 'deposit', tradeDate: date, amountTry: 100, commissionTry: 0 });
    }
    await repo.withLedgerLock(inv.userId, (r) => r.insertTransactions(inv.userId, rows));
  };
  /** Ledger rows read from the database by a recorded deposit, a back-dated buy, its edit and its removal. */
  const rowsReadByWrites = async (): Promise<number> => {
    // The ledger in memory, as after any page view (a second later, when the seeded rows show).
    t.clock.advanceMs(LEDGER_VERSION_CHECK_MS);
    await service.listTransactions(inv.userId);
    repo.reads.transactionRowsRead = 0;
    await service.createTransaction(inv.userId, { type: 'deposit', date: '2026-11-18', amount: 1_000 });
    const bought = await service.createTransaction(inv.userId, {
      type: 'buy',
      date: '2021-01-05',
      symbol: 'GARAN',
      quantity: 1,
      price: 100,
    });
    await service.updateTransaction(inv.userId, bought.id, {
      type: 'buy',
      date: '2021-01-06',
      symbol: 'GARAN',
      quantity: 2,
      price: 100,
    });
    await service.deleteTransaction(inv.userId, bought.id);
    return repo.reads.transactionRowsRead;
  };

  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
    inv = await investor(t);
    repo = new PortfolioRepository(t.infra.database.db);
    service = new PortfolioService(repo, t.infra.market, t.clock);
  });
  afterAll(async () => t.close());

  it('read no ledger rows, with 100 transactions as with 3,000', async () => {
    await seed(100);
    expect(await rowsReadByWrites()).toBe(0);
    await seed(2_900);
    expect(await rowsReadByWrites()).toBe(0);
    const page = await service.listTransactions(inv.userId);
    // 3,000 seeded deposits of 100 and two recorded deposits of 1,000; the buy was removed again.
    expect(page.total).toBe(3_002);
    expect(page.transactions[0]).toMatchObject({ type: 'deposit', amount: 1_000, cash_after: 302_000 });
  });

  it('validate against another process’s write (read again once, when the locked version moved)', async () => {
    await service.listTransactions(inv.userId);
    await seed(1); // another process: the database's version moves past the one in memory
    repo.reads.transactionRowsRead = 0;
    await expect(
      service.createTransaction(inv.userId, { type: 'withdraw', date: '2026-11-18', amount: 302_100 }),
    ).resolves.toMatchObject({ cash_after: 0 });
    expect(repo.reads.transactionRowsRead).toBe(3_003);
    await expect(
      service.createTransaction(inv.userId, { type: 'withdraw', date: '2026-11-18', amount: 1 }),
    ).rejects.toThrow(/Yetersiz bakiye/);
    expect(repo.reads.transactionRowsRead).toBe(3_003);
  });

  it('serve the written ledger to the routes of the same server at once', async () => {
    const deposit10 = { type: 'deposit', date: '2026-11-18', amount: 10 };
    const created = await inv.post('/api/portfolio/transactions', deposit10);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.transaction).toMatchObject({ cash_after: 10 });
    const list = (await inv.get('/api/portfolio/transactions?limit=1')).json().data;
    expect(list).toMatchObject({ total: 3_005, transactions: [{ id: created.json().data.transaction.id }] });
  });
});
