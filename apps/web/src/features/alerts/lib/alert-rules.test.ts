import { describe, expect, it } from 'vitest';
import { validateAlertThreshold } from './alert-rules';

describe('validateAlertThreshold', () => {
  it('requires a symbol and a positive threshold', () => {
    expect(validateAlertThreshold('', '0')).toEqual({
      symbol: 'Hisse seçin',
      threshold: 'Eşik fiyat sıfırdan büyük olmalı',
    });
    expect(validateAlertThreshold('GARAN', '100,5')).toEqual({});
    expect(validateAlertThreshold('GARAN', '1.100,5')).toEqual({});
  });

  it('refuses a threshold that reads two ways, naming the field', () => {
    expect(validateAlertThreshold('GARAN', '1,100.50').threshold).toMatch(/^Eşik fiyat iki türlü okunabilir/);
    expect(validateAlertThreshold('GARAN', 'yüz').threshold).toBe('Eşik fiyat sayı olmalı');
  });
});
