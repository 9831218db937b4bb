import { ACCURACY_TOOLTIP_TR, CONFIDENCE_TOOLTIP_TR } from '@bist/contracts/values';

/** The product's Turkish tooltip texts for accuracy and confidence, defined once in packages/contracts (ml). */
export const ACCURACY_TOOLTIP_TEXT_TR = ACCURACY_TOOLTIP_TR;
export const CONFIDENCE_TOOLTIP_TEXT_TR = CONFIDENCE_TOOLTIP_TR;
