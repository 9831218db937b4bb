import { describe, expect, it } from 'vitest';
import { ledgerReplay, ledgerViolationMessage } from './ledger.ts';
import { buy, deposit, dividend, reverseSplit, sell, split } from './ledger-fixtures.ts';
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

describe('reverse split (birleşme)', () => {
  // 1:10 consolidation of 105 shares bought at 12 TRY + 6 TRY commission: cost 1 266 TRY. After it
  // ⌊105 / 10⌋ = 10 shares remain (95 taken away); the cost stays 1 266, so the average cost is 126.60 TRY
  // per share (12.057… × 10.5: the half new share is not credited, its cost stays with the whole ones).
  const ledger = [
    deposit('2026-01-02', 2_000),
    buy('2026-01-03', 'KOZAL', 105, 12, { commissionTry: 6 }),
    reverseSplit('2026-02-02', 'KOZAL', 95),
  ];

  it('takes the shares away and keeps the cost basis and the cash, so the average cost rises', () => {
    const replay = ledgerReplay(ledger);
    if (!replay.ok) throw new Error('replay failed');
    expect(replay.state.positions.get('KOZAL')).toEqual({ symbol: 'KOZAL', quantity: 10, costTry: 1_266 });
    expect(replay.state.cashTry).toBe(734);
    expect(replay.state.realizedTry).toBe(0);
    expect(replay.effects[2]).toEqual({ cashEffectTry: 0, realizedTry: null, cashAfterTry: 734 });
  });

  it('scales the average cost by the inverse ratio when the shares divide evenly', () => {
    // 200 shares at 5 TRY (cost 1 000) in a 1:10: 20 shares at 50 TRY.
    const replay = ledgerReplay([
      deposit('2026-01-02', 1_000),
      buy('2026-01-03', 'KOZAL', 200, 5),
      reverseSplit('2026-02-02', 'KOZAL', 180),
    ]);
    if (!replay.ok) throw new Error('replay failed');
    const position = replay.state.positions.get('KOZAL')!;
    expect(position.quantity).toBe(20);
    expect(position.costTry / position.quantity).toBe(50);
  });

  it('is realised like the shares it changed: a later sell of all gives proceeds − the whole cost', () => {
    const replay = ledgerReplay([...ledger, sell('2026-03-02', 'KOZAL', 10, 130)]);
    if (!replay.ok) throw new Error('replay failed');
    expect(roundMoney(replay.state.realizedTry)).toBe(34);
    expect(replay.state.positions.has('KOZAL')).toBe(false);
  });

  it('is refused when it would take every share held, or more, or for a stock not held', () => {
    for (const quantity of [105, 106]) {
      const replay = ledgerReplay([...ledger.slice(0, 2), reverseSplit('2026-02-02', 'KOZAL', quantity)]);
      expect(replay.ok).toBe(false);
      if (!replay.ok) {
        expect(replay.violation).toMatchObject({
          kind: 'insufficient_shares',
          held: 105,
          requested: quantity,
        });
        expect(ledgerViolationMessage(replay.violation)).toBe(
          'Birleşme (ters bölünme) en az bir hisse bırakmalı: 02.02.2026 tarihinde KOZAL için 105 adet var, ' +
            `${String(quantity)} adet düşülmek isteniyor.`,
        );
      }
    }
    const none = ledgerReplay([deposit('2026-01-02', 100), reverseSplit('2026-02-01', 'KOZAL', 1)]);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.violation).toMatchObject({ kind: 'insufficient_shares', held: 0 });
  });
});
