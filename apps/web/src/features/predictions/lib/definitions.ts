import * as contracts from '@bist/contracts';
import tr from '@/features/predictions/locales/tr.json';

/**
 * The product's Turkish tooltip texts for accuracy and confidence are defined once in packages/contracts (ml.ts).
 * The contracts index does not re-export ml.ts yet, so they are read by name and fall back to the verbatim copy in
 * locales/tr.json; once the index exports them, the contract's text is used with no change here.
 */
function contractText(name: 'ACCURACY_TOOLTIP_TR' | 'CONFIDENCE_TOOLTIP_TR'): string | undefined {
  const value = (contracts as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export const ACCURACY_TOOLTIP_TEXT_TR = contractText('ACCURACY_TOOLTIP_TR') ?? tr.accuracyTooltip;
export const CONFIDENCE_TOOLTIP_TEXT_TR = contractText('CONFIDENCE_TOOLTIP_TR') ?? tr.confidenceTooltip;
