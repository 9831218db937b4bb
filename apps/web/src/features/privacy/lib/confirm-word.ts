import { KVKK_ERASURE_CONFIRM_WORD } from '@bist/contracts/values';

/**
 * True when the typed text is the confirmation word 'SİL', whatever the case and keyboard: 'sil' (Turkish upper case
 * gives 'SİL') and 'SIL' (no dotted İ on the keyboard) count; surrounding spaces are ignored.
 */
export function isErasureConfirmed(typed: string): boolean {
  const upper = typed.trim().toLocaleUpperCase('tr-TR').replace(/I/g, 'İ');
  return upper === KVKK_ERASURE_CONFIRM_WORD;
}
