import { parseDecimal } from '@/lib/parse-decimal';

/** Client-side checks of the alert form. */
export function validateAlertThreshold(
  symbol: string,
  threshold: string,
): Partial<Record<'symbol' | 'threshold', string>> {
  const errors: Partial<Record<'symbol' | 'threshold', string>> = {};
  if (!symbol.trim()) errors.symbol = 'Hisse seçin';
  const value = parseDecimal(threshold);
  if (threshold.trim() === '') errors.threshold = 'Eşik fiyat gerekli';
  else if (Number.isNaN(value)) errors.threshold = 'Eşik fiyat sayı olmalı';
  else if (value <= 0) errors.threshold = 'Eşik fiyat sıfırdan büyük olmalı';
  return errors;
}
