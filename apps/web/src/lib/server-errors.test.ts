import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formErrorsFrom } from './server-errors';

const FIELDS = ['symbol', 'quantity', 'price', 'date', 'commission'] as const;

describe('formErrorsFrom', () => {
  it("puts the server's 400 details under their fields", () => {
    const error = new ApiError({
      kind: 'http',
      message: 'x',
      status: 400,
      envelope: {
        error: 'Geçersiz istek',
        details: [
          { field: 'quantity', message: 'Adet sıfırdan büyük olmalı' },
          { field: 'date', message: 'Tarih bugünden sonra olamaz' },
        ],
      },
    });
    expect(formErrorsFrom(error, FIELDS)).toEqual({
      fieldErrors: { quantity: 'Adet sıfırdan büyük olmalı', date: 'Tarih bugünden sonra olamaz' },
      formError: null,
    });
  });
  it('shows a 409 (e.g. insufficient cash) for the whole form', () => {
    const error = new ApiError({
      kind: 'http',
      message: 'x',
      status: 409,
      envelope: { error: 'Yetersiz nakit bakiye' },
    });
    expect(formErrorsFrom(error, FIELDS)).toEqual({ fieldErrors: {}, formError: 'Yetersiz nakit bakiye' });
  });
  it('shows a 409 that names a field under that field only, not twice', () => {
    const error = new ApiError({
      kind: 'http',
      message: 'x',
      status: 409,
      envelope: { error: 'Elinizdeki adetten fazla satış yapılamaz', field: 'quantity' },
    });
    expect(formErrorsFrom(error, FIELDS)).toEqual({
      fieldErrors: { quantity: 'Elinizdeki adetten fazla satış yapılamaz' },
      formError: null,
    });
  });
  it("maps a server field name onto the form's own through the aliases", () => {
    const error = new ApiError({
      kind: 'http',
      message: 'x',
      status: 400,
      envelope: { error: 'Eşik fiyat sayı olmalı', field: 'threshold_price' },
    });
    expect(
      formErrorsFrom(error, ['symbol', 'threshold'] as const, { threshold_price: 'threshold' }).fieldErrors,
    ).toEqual({
      threshold: 'Eşik fiyat sayı olmalı',
    });
  });
});
