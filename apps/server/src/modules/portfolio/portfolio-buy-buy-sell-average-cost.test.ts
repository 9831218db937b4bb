import { describe, expect, it } from 'vitest';
import { ledgerReplay } from './ledger.ts';
import { buy, deposit, sell } from './ledger-fixtures.ts';
import { roundMoney } from '@/lib/money';

describe('buy, buy, sell: weighted-average cost', () => {
  const ledger = [
    deposit('2026-01-02', 10_000),
    buy('2026-01-05', 'THYAO', 10, 100), // 1 000
    buy('2026-01-06', 'THYAO', 30, 120), // 3 600 → 40 shares, cost 4 600, avg 115
    sell('2026-01-07', 'THYAO', 20, 130), // proceeds 2 600, cost sold 2 300 → realised 300
  ];

  it('averages the two buys by quantity and keeps the average for the remaining shares', () => {
    const replay = ledgerReplay(ledger);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    const position = replay.state.positions.get('THYAO')!;
    expect(position.quantity).toBe(20);
    expect(roundMoney(position.costTry / position.quantity)).toBe(115);
    expect(roundMoney(position.costTry)).toBe(2_300);
  });

  it('realises proceeds minus average cost on the sell', () => {
    const replay = ledgerReplay(ledger);
    if (!replay.ok) throw new Error('replay failed');
    expect(roundMoney(replay.state.realizedTry)).toBe(300);
    const sellIndex = replay.ordered.findIndex((tx) => tx.id === ledger[3]!.id);
    expect(roundMoney(replay.effects[sellIndex]!.realizedTry!)).toBe(300);
    expect(roundMoney(replay.state.cashTry)).toBe(10_000 - 1_000 - 3_600 + 2_600);
  });

  it('orders by trade date, not by entry: a buy entered later but dated earlier counts first', () => {
    const late = buy('2026-01-04', 'THYAO', 10, 90); // entered after the sell, dated before everything
    const replay = ledgerReplay([...ledger, late]);
    if (!replay.ok) throw new Error('replay failed');
    // 50 shares cost 900 + 1 000 + 3 600 = 5 500 (avg 110); sell 20 → cost sold 2 200, realised 400.
    expect(roundMoney(replay.state.realizedTry)).toBe(400);
    expect(replay.state.positions.get('THYAO')!.quantity).toBe(30);
    expect(roundMoney(replay.state.positions.get('THYAO')!.costTry)).toBe(3_300);
  });

  it('closes the position with no cost left over when everything is sold', () => {
    const replay = ledgerReplay([...ledger, sell('2026-01-08', 'THYAO', 20, 100)]);
    if (!replay.ok) throw new Error('replay failed');
    expect(replay.state.positions.has('THYAO')).toBe(false);
    expect(roundMoney(replay.state.realizedTry)).toBe(300 + (2_000 - 2_300));
  });
});
