import { describe, expect, it } from 'vitest';
import { validateAlertThreshold } from './alert-rules';

describe('validateAlertThreshold', () => {
  it('requires a symbol and a positive threshold', () => {
    expect(validateAlertThreshold('', '0')).toEqual({
      symbol: 'Hisse seçin',
      threshold: 'Eşik fiyat sıfırdan büyük olmalı',
    });
    expect(validateAlertThreshold('GARAN', '100,5')).toEqual({});
  });
});
