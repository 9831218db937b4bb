import { amountProblemText, amountValue, readAmount } from '@bist/contracts/values';

/** Client-side checks of the alert form. */
export function validateAlertThreshold(
  symbol: string,
  threshold: string,
): Partial<Record<'symbol' | 'threshold', string>> {
  const errors: Partial<Record<'symbol' | 'threshold', string>> = {};
  if (!symbol.trim()) errors.symbol = 'Hisse seçin';
  const value = amountValue(threshold);
  const problem = amountProblemText('Eşik fiyat', readAmount(threshold));
  if (threshold.trim() === '') errors.threshold = 'Eşik fiyat gerekli';
  else if (problem) errors.threshold = problem;
  else if (value <= 0) errors.threshold = 'Eşik fiyat sıfırdan büyük olmalı';
  return errors;
}
