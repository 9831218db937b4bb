import { describe, expect, it } from 'vitest';
import { ledgerReplay, ledgerViolationMessage } from './ledger.ts';
import { buy, deposit, sell } from './ledger-fixtures.ts';
import { roundMoney } from '@/lib/money';

describe('commission', () => {
  it('is part of the cost basis of a buy', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 2_000),
      buy('2026-01-05', 'ASELS', 10, 100, { commissionTry: 4 }),
    ]);
    if (!replay.ok) throw new Error('replay failed');
    const position = replay.state.positions.get('ASELS')!;
    expect(roundMoney(position.costTry)).toBe(1_004);
    expect(roundMoney(position.costTry / position.quantity)).toBe(100.4);
    expect(roundMoney(replay.state.cashTry)).toBe(996);
  });

  it('reduces the proceeds and the realised P/L of a sell', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 2_000),
      buy('2026-01-05', 'ASELS', 10, 100, { commissionTry: 4 }),
      sell('2026-01-06', 'ASELS', 5, 110, { commissionTry: 2.2 }),
    ]);
    if (!replay.ok) throw new Error('replay failed');
    // proceeds 550 − 2.20 = 547.80; cost sold 502 → realised 45.80
    expect(roundMoney(replay.state.realizedTry)).toBe(45.8);
    expect(roundMoney(replay.state.cashTry)).toBe(996 + 547.8);
    expect(roundMoney(replay.state.positions.get('ASELS')!.costTry)).toBe(502);
  });

  it('counts toward the cash a buy needs', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 1_000),
      buy('2026-01-05', 'ASELS', 10, 100, { commissionTry: 0.5 }),
    ]);
    expect(replay.ok).toBe(false);
    if (replay.ok) return;
    expect(replay.violation).toMatchObject({
      kind: 'insufficient_cash',
      neededTry: 1_000.5,
      availableTry: 1_000,
    });
    expect(ledgerViolationMessage(replay.violation)).toBe(
      'Yetersiz bakiye: 05.01.2026 tarihinde bu alım için ₺1.000,50 gerekiyor, nakit ₺1.000,00.',
    );
  });

  it('keeps many small commissions unrounded until the edge', () => {
    const ledger = [deposit('2026-01-02', 10_000)];
    for (let i = 0; i < 30; i++) ledger.push(buy('2026-01-05', 'ASELS', 1, 10.01, { commissionTry: 0.004 }));
    const replay = ledgerReplay(ledger);
    if (!replay.ok) throw new Error('replay failed');
    // 30 × 0.004 = 0.12 (rounding each commission to kuruş first would give 0.00)
    expect(roundMoney(replay.state.positions.get('ASELS')!.costTry)).toBe(300.42);
  });
});
