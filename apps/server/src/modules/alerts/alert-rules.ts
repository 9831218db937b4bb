import type { AlertDirection } from '@bist/contracts';

/** 'above' fires at a price at or over the threshold, 'below' at or under it. */
export function alertIsMet(direction: AlertDirection, thresholdTry: number, priceTry: number): boolean {
  return direction === 'above' ? priceTry >= thresholdTry : priceTry <= thresholdTry;
}
