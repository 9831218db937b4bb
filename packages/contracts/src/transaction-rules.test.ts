import { describe, expect, it } from 'vitest';
import { transactionInputSchema } from './portfolio.ts';
import {
  amountProblem,
  commissionProblem,
  priceProblem,
  quantityProblem,
  symbolProblem,
  tradeDateProblem,
  transactionProblems,
} from './transaction-rules.values.ts';

describe('transaction rules', () => {
  it('draw each line where the ledger needs it', () => {
    expect(priceProblem(0.01)).toBeNull();
    expect(priceProblem(0.009)).toBe('Fiyat en az 0,01 ₺ olmalı');
    expect(priceProblem(1e12)).toBeNull();
    expect(priceProblem(1e12 + 1)).toBe('Fiyat çok büyük');
    expect(priceProblem(Number.NaN)).toBe('Fiyat sayı olmalı');
    expect(amountProblem(0.01)).toBeNull();
    expect(amountProblem(0)).toBe('Tutar en az 0,01 ₺ olmalı');
    expect(commissionProblem(0)).toBeNull();
    expect(commissionProblem(-0.01)).toBe('Komisyon negatif olamaz');
    expect(quantityProblem(1)).toBeNull();
    expect(quantityProblem(1e9)).toBeNull();
    expect(quantityProblem(1e9 + 1)).toBe('Adet çok büyük');
    expect(quantityProblem(-1.5)).toBe('Adet tam sayı olmalı (1 lot = 1 hisse)');
    expect(symbolProblem('  ')).toBe('Hisse kodu gerekli');
    expect(symbolProblem('ABCDEFGHIJKL')).toBeNull();
    expect(symbolProblem('ABCDEFGHIJKLM')).toBe('Hisse kodu en fazla 12 karakter olabilir');
    expect(tradeDateProblem('2000-01-01')).toBeNull();
    expect(tradeDateProblem('1999-12-31')).toBe('İşlem tarihi 2000-01-01 tarihinden önce olamaz');
    expect(tradeDateProblem('2024-02-29')).toBeNull();
    expect(tradeDateProblem('2026-02-29')).toBe('Geçerli bir tarih girin');
    expect(tradeDateProblem('18.11.2026')).toBe('Tarih YYYY-AA-GG biçiminde olmalı');
  });

  it('give one problem a field, today’s date in the one about tomorrow', () => {
    expect(
      transactionProblems(
        { type: 'buy', date: '2026-11-19', symbol: '', quantity: 0, price: null },
        { today: '2026-11-18' },
      ),
    ).toEqual([
      { field: 'date', message: 'İşlem tarihi bugünden (2026-11-18) sonra olamaz' },
      { field: 'symbol', message: 'Hisse kodu gerekli' },
      { field: 'quantity', message: 'Adet sıfırdan büyük olmalı' },
      { field: 'price', message: 'Fiyat gerekli' },
    ]);
    expect(
      transactionProblems({ type: 'deposit', date: '2026-11-18', amount: 5 }, { today: '2026-11-18' }),
    ).toEqual([]);
  });

  it('are the request schema’s, message for message', () => {
    const issues = (body: object) => {
      const parsed = transactionInputSchema.safeParse(body);
      return parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    };
    const far = { today: '9999-12-31' };
    const bodies = [
      { type: 'buy', date: '2026-11-17', symbol: 'THYAO', quantity: 10, price: 0.001 },
      { type: 'buy', date: '2026-11-17', symbol: 'THYAO', quantity: 2.5, price: 10 },
      { type: 'buy', date: '2026-11-17', symbol: 'THYAO', quantity: 10, price: 10, commission: -1 },
      { type: 'sell', date: '1999-12-31', symbol: 'THYAO', quantity: 10, price: 10 },
      { type: 'split', date: '2026-11-17', symbol: 'THYAO' },
      { type: 'withdraw', date: '2026-11-17', amount: 0 },
      { type: 'fee', date: '2026-11-17', amount: 5, note: 'x'.repeat(201) },
    ];
    for (const body of bodies) {
      const expected = transactionProblems(body, far);
      expect(expected).toHaveLength(1);
      expect(issues(body)).toEqual(expected);
    }
  });
});
