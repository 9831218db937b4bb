import { describe, expect, it } from 'vitest';
import { ledgerReplay } from './ledger.ts';
import { buy, deposit, dividend, split } from './ledger-fixtures.ts';
import { roundMoney } from '@/lib/money';

describe('dividend', () => {
  const ledger = [
    deposit('2026-01-02', 5_000),
    buy('2026-01-05', 'BIMAS', 10, 400),
    dividend('2026-03-10', 'BIMAS', 85.5),
  ];

  it('adds the net amount to cash and counts it as realised income of the symbol', () => {
    const replay = ledgerReplay(ledger);
    if (!replay.ok) throw new Error('replay failed');
    expect(roundMoney(replay.state.cashTry)).toBe(1_085.5);
    expect(roundMoney(replay.state.dividendsTry)).toBe(85.5);
    expect(roundMoney(replay.state.realizedTry)).toBe(85.5);
    expect(roundMoney(replay.state.realizedBySymbolTry.get('BIMAS')!)).toBe(85.5);
  });

  it('leaves the cost basis and average cost untouched', () => {
    const replay = ledgerReplay(ledger);
    if (!replay.ok) throw new Error('replay failed');
    expect(replay.state.positions.get('BIMAS')).toEqual({ symbol: 'BIMAS', quantity: 10, costTry: 4_000 });
  });

  it('is not an external flow: the total return equals realised + unrealised', () => {
    const replay = ledgerReplay(ledger);
    if (!replay.ok) throw new Error('replay failed');
    const marketValueTry = 10 * 410;
    const netWorthTry = replay.state.cashTry + marketValueTry;
    const contributionsTry = replay.state.depositsTry - replay.state.withdrawalsTry;
    expect(roundMoney(netWorthTry - contributionsTry)).toBe(
      roundMoney(replay.state.realizedTry + (marketValueTry - 4_000)),
    );
  });
});

describe('split / bonus issue', () => {
  it('adds the shares received and keeps the cost basis, so the average cost falls', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 10_000),
      buy('2026-01-03', 'ASELS', 100, 60),
      split('2026-02-01', 'ASELS', 100),
    ]);
    if (!replay.ok) throw new Error('replay failed');
    const position = replay.state.positions.get('ASELS');
    expect(position).toMatchObject({ quantity: 200, costTry: 6_000 });
    expect(replay.state.cashTry).toBe(4_000);
  });

  it('is refused for a stock not held at that date', () => {
    const replay = ledgerReplay([deposit('2026-01-02', 100), split('2026-02-01', 'ASELS', 100)]);
    expect(replay.ok).toBe(false);
    if (!replay.ok) expect(replay.violation).toMatchObject({ kind: 'insufficient_shares', held: 0 });
  });
});
