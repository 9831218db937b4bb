import { useTranslation } from '@/lib/use-translation';
import { FlaskConical } from 'lucide-react';
import '@/features/predictions/i18n';

/** Says that the figures on the page are a labelled example until the server has made its first predictions. */
export function ExampleBanner() {
  const { t } = useTranslation('predictions');
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
      data-testid="example-banner"
    >
      <FlaskConical
        className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400"
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold text-amber-900 dark:text-amber-200">
          {t('example.title')} · {t('example.badge')}
        </p>
        <p className="mt-1 text-amber-900/80 dark:text-amber-100/80">{t('example.text')}</p>
      </div>
    </div>
  );
}
