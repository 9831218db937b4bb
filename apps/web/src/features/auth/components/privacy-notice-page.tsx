import { Link } from 'react-router';
import { PRIVACY_NOTICE_VERSION } from '@bist/contracts/values';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTranslation } from '@/lib/use-translation';
import { AuthShell } from './auth-shell';
import '@/features/auth/i18n';

const SECTIONS = ['data', 'purpose', 'retention', 'rights'] as const;

/** /aydinlatma-metni: the KVKK art. 10 privacy notice a registration acknowledges (its version is stored). */
export function PrivacyNoticePage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('notice.title'));
  return (
    <AuthShell
      title={t('notice.title')}
      description={t('notice.version', { version: PRIVACY_NOTICE_VERSION })}
      wide
    >
      <article className="space-y-4 text-sm leading-relaxed" data-testid="privacy-notice">
        <p>{t('notice.intro')}</p>
        {SECTIONS.map((key) => (
          <section key={key} className="space-y-1">
            <h2 className="font-semibold">{t(`notice.${key}Title`)}</h2>
            <p className="text-muted-foreground">{t(`notice.${key}`)}</p>
          </section>
        ))}
      </article>
      <Link
        to="/register"
        className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
      >
        {t('notice.back')}
      </Link>
    </AuthShell>
  );
}
