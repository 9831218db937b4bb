import { describe, expect, it } from 'vitest';
import type { PortfolioOverview } from '@bist/contracts';
import {
  allocationSlices,
  holdingBadge,
  isEmptyPortfolio,
  istanbulToday,
  validateCashForm,
  validateTradeForm,
} from './portfolio-rules';

describe('holdingBadge', () => {
  it('is Güçlü above +10 %, Zayıf below −10 %, none at or inside ±10 %', () => {
    expect(holdingBadge(10.01)).toBe('strong');
    expect(holdingBadge(-10.01)).toBe('weak');
    expect(holdingBadge(10)).toBeNull();
    expect(holdingBadge(-10)).toBeNull();
    expect(holdingBadge(0)).toBeNull();
    expect(holdingBadge(null)).toBeNull();
    expect(holdingBadge(Number.NaN)).toBeNull();
  });
});

describe('allocationSlices', () => {
  const holdings = [
    { symbol: 'GARAN', market_value: 1000 },
    { symbol: 'THYAO', market_value: 3000 },
    { symbol: 'ZERO', market_value: 0 },
  ];
  it('adds a Nakit slice last when cash > 0 and computes shares', () => {
    const slices = allocationSlices(holdings, 1000);
    expect(slices.map((s) => s.name)).toEqual(['THYAO', 'GARAN', 'Nakit']);
    expect(slices.at(-1)?.isCash).toBe(true);
    expect(slices[0]?.percent).toBeCloseTo(60);
    expect(slices.reduce((s, x) => s + x.percent, 0)).toBeCloseTo(100);
  });
  it('has no Nakit slice when cash is zero or negative', () => {
    expect(allocationSlices(holdings, 0).some((s) => s.isCash)).toBe(false);
    expect(allocationSlices(holdings, -5).some((s) => s.isCash)).toBe(false);
    expect(allocationSlices([], 0)).toEqual([]);
  });
});

describe('validateTradeForm', () => {
  const ok = { symbol: 'THYAO', quantity: '10', price: '250,50', date: '2026-11-20', commission: '' };
  const today = '2026-11-21';
  it('accepts a valid purchase', () => {
    expect(validateTradeForm('buy', ok, { today })).toEqual({});
  });
  it('names each bad field in Turkish', () => {
    const errors = validateTradeForm(
      'buy',
      { symbol: '', quantity: '-3', price: 'abc', date: '2026-11-22', commission: '-1' },
      { today },
    );
    expect(errors).toEqual({
      symbol: 'Hisse kodu gerekli',
      quantity: 'Adet sıfırdan büyük olmalı',
      price: 'Fiyat sayı olmalı',
      date: 'İşlem tarihi bugünden (2026-11-21) sonra olamaz',
      commission: 'Komisyon negatif olamaz',
    });
    expect(validateTradeForm('sell', { ...ok, quantity: '1,5' }, { today }).quantity).toMatch(/tam sayı/);
  });
  it('limits a sell to the quantity held', () => {
    expect(validateTradeForm('sell', { ...ok, quantity: '11' }, { today, maxQuantity: 10 }).quantity).toBe(
      'En fazla 10 adet satılabilir',
    );
    expect(validateTradeForm('buy', ok, { today, maxQuantity: 10 })).toEqual({});
  });
});

describe('cash dialog checks', () => {
  const today = '2026-11-21';
  const values = { symbol: '', amount: '', quantity: '', date: today };

  it('asks each type for its own fields', () => {
    expect(validateCashForm('deposit', values, { today })).toEqual({ amount: 'Tutar gerekli' });
    expect(validateCashForm('dividend', values, { today })).toEqual({
      symbol: 'Hisse kodu gerekli',
      amount: 'Tutar gerekli',
    });
    expect(validateCashForm('split', values, { today })).toEqual({
      symbol: 'Hisse kodu gerekli',
      quantity: 'Eklenen hisse adedi gerekli',
    });
    expect(validateCashForm('reverse_split', values, { today })).toEqual({
      symbol: 'Hisse kodu gerekli',
      quantity: 'Azalan hisse adedi gerekli',
    });
  });

  it('refuses zero, words, fractions of a share and a future date', () => {
    expect(validateCashForm('withdraw', { ...values, amount: '0' }, { today }).amount).toBe(
      'Tutar en az 0,01 ₺ olmalı',
    );
    expect(validateCashForm('fee', { ...values, amount: 'on' }, { today }).amount).toBe('Tutar sayı olmalı');
    expect(
      validateCashForm('split', { ...values, symbol: 'ASELS', quantity: '1,5' }, { today }).quantity,
    ).toBe('Adet tam sayı olmalı (1 lot = 1 hisse)');
    expect(
      validateCashForm('deposit', { ...values, amount: '1.000,50', date: '2026-11-22' }, { today }),
    ).toEqual({ date: 'İşlem tarihi bugünden (2026-11-21) sonra olamaz' });
    expect(validateCashForm('deposit', { ...values, amount: '1.000,50' }, { today })).toEqual({});
  });

  it('refuses an amount that reads two ways, naming the field, instead of recording ₺10,00', () => {
    expect(validateCashForm('deposit', { ...values, amount: '10,000.50' }, { today }).amount).toMatch(
      /^Tutar iki türlü okunabilir/,
    );
    expect(
      validateTradeForm(
        'buy',
        { symbol: 'THYAO', quantity: '100', price: '1,500', date: today, commission: '' },
        { today },
      ).price,
    ).toMatch(/^Fiyat iki türlü okunabilir/);
  });
});

describe('empty portfolio', () => {
  it('is empty only without holdings, cash and history', () => {
    const overview = { cash_balance: 0 } as PortfolioOverview['overview'];
    expect(isEmptyPortfolio({ overview, holdings: [], performance: [] })).toBe(true);
    expect(
      isEmptyPortfolio({ overview: { ...overview, cash_balance: 5 }, holdings: [], performance: [] }),
    ).toBe(false);
    expect(isEmptyPortfolio(undefined)).toBe(false);
  });
});

describe('istanbulToday', () => {
  it('is the date in Istanbul (UTC+3), not in UTC', () => {
    expect(istanbulToday(new Date('2026-11-20T22:30:00Z'))).toBe('2026-11-21');
    expect(istanbulToday(new Date('2026-11-20T20:30:00Z'))).toBe('2026-11-20');
  });
});
