import { describe, expect, it } from 'vitest';
import { isErasureConfirmed } from './confirm-word';

describe(isErasureConfirmed.name, () => {
  it('accepts SİL however it is typed', () => {
    for (const typed of ['SİL', 'sil', ' Sil ', 'SIL', 'sİl'])
      expect(isErasureConfirmed(typed), typed).toBe(true);
  });

  it('refuses anything else', () => {
    for (const typed of ['', 'SI', 'SİLL', 'evet', 'SİL!', 'S İ L'])
      expect(isErasureConfirmed(typed), typed).toBe(false);
  });
});
