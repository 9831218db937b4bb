import { describe, expect, it } from 'vitest';
import {
  allocationSlices,
  holdingBadge,
  isEmptyPortfolio,
  istanbulToday,
  samplePortfolio,
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
    expect(validateTradeForm(ok, { today })).toEqual({});
  });
  it('names each bad field in Turkish', () => {
    const errors = validateTradeForm(
      { symbol: '', quantity: '-3', price: 'abc', date: '2026-11-22', commission: '-1' },
      { today },
    );
    expect(errors).toEqual({
      symbol: 'Hisse seçin',
      quantity: 'Adet sıfırdan büyük olmalı',
      price: 'Fiyat sayı olmalı',
      date: 'Tarih bugünden sonra olamaz',
      commission: 'Komisyon negatif olamaz',
    });
    expect(validateTradeForm({ ...ok, quantity: '1,5' }, { today }).quantity).toMatch(/tam sayı/);
  });
  it('limits a sell to the quantity held', () => {
    expect(validateTradeForm({ ...ok, quantity: '11' }, { today, maxQuantity: 10 }).quantity).toBe(
      'En fazla 10 adet satılabilir',
    );
    expect(validateTradeForm(ok, { today, maxQuantity: 10 })).toEqual({});
  });
});

describe('sample data', () => {
  it('is used only for an empty portfolio', () => {
    const sample = samplePortfolio('2026-11-21');
    expect(isEmptyPortfolio(sample)).toBe(false);
    expect(
      isEmptyPortfolio({
        ...sample,
        holdings: [],
        overview: { ...sample.overview, cash_balance: 0 },
        performance: [],
      }),
    ).toBe(true);
    expect(sample.performance.at(-1)?.date).toBe('2026-11-21');
  });
  it('knows today in Istanbul', () => {
    expect(istanbulToday(new Date('2026-11-20T22:30:00Z'))).toBe('2026-11-21');
  });
});
