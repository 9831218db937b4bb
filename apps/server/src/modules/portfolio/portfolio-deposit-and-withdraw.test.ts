import { describe, expect, it } from 'vitest';
import { ledgerReplay, ledgerViolationMessage } from './ledger.ts';
import { buy, deposit, fee, withdraw } from './ledger-fixtures.ts';
import { roundMoney } from '@/lib/money';

describe('deposit and withdraw', () => {
  it('move cash and the net contributions, not the P/L', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 5_000),
      withdraw('2026-01-10', 1_250.75),
      deposit('2026-01-12', 100),
    ]);
    if (!replay.ok) throw new Error('replay failed');
    expect(roundMoney(replay.state.cashTry)).toBe(3_849.25);
    expect(roundMoney(replay.state.depositsTry - replay.state.withdrawalsTry)).toBe(3_849.25);
    expect(replay.state.realizedTry).toBe(0);
  });

  it('refuses to withdraw more than the cash at that date', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 5_000),
      buy('2026-01-03', 'KCHOL', 20, 200),
      withdraw('2026-01-10', 1_500),
    ]);
    expect(replay.ok).toBe(false);
    if (replay.ok) return;
    expect(ledgerViolationMessage(replay.violation)).toBe(
      'Yetersiz bakiye: 10.01.2026 tarihinde bu işlem için ₺1.500,00 gerekiyor, nakit ₺1.000,00.',
    );
  });

  it('refuses a withdrawal dated before the deposit that would fund it', () => {
    expect(ledgerReplay([withdraw('2026-01-01', 10), deposit('2026-01-02', 5_000)]).ok).toBe(false);
  });

  it('lets fees reduce cash as a realised cost, but not below zero', () => {
    const ok = ledgerReplay([deposit('2026-01-02', 100), fee('2026-01-31', 12.5)]);
    if (!ok.ok) throw new Error('replay failed');
    expect(roundMoney(ok.state.cashTry)).toBe(87.5);
    expect(roundMoney(ok.state.realizedTry)).toBe(-12.5);
    expect(ledgerReplay([deposit('2026-01-02', 10), fee('2026-01-31', 12.5)]).ok).toBe(false);
  });
});
