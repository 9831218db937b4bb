import { useTranslation } from '@/lib/use-translation';
import { InfoTooltip } from '@/components/info-tooltip';
import { ACCURACY_TOOLTIP_TEXT_TR, CONFIDENCE_TOOLTIP_TEXT_TR } from '@/features/predictions/lib/definitions';
import '@/features/predictions/i18n';

/** The product's single definition of accuracy (contracts ml.ts), next to every accuracy figure. */
export function AccuracyInfo({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('predictions');
  const text = i18n.language.startsWith('en') ? t('accuracyTooltip') : ACCURACY_TOOLTIP_TEXT_TR;
  return <InfoTooltip label={t('accuracyInfo')} text={text} className={className} testId="accuracy-info" />;
}

/** How a prediction's confidence is computed (contracts ml.ts). */
export function ConfidenceInfo({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('predictions');
  const text = i18n.language.startsWith('en') ? t('confidenceTooltip') : CONFIDENCE_TOOLTIP_TEXT_TR;
  return (
    <InfoTooltip label={t('confidenceInfo')} text={text} className={className} testId="confidence-info" />
  );
}
