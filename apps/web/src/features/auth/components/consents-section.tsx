import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/lib/use-translation';
import { useConsents, useSetMarketingConsent } from '@/features/auth/api/consents';
import { PRIVACY_NOTICE_PATH } from './register-page';
import '@/features/auth/i18n';

/** 'İzinlerim' on Hesap Ayarları: the notice acknowledged, and the campaign e-mails' açık rıza, withdrawn as easily. */
export function ConsentsSection() {
  const { t, i18n } = useTranslation('auth');
  const id = useId();
  const consents = useConsents();
  const setConsent = useSetMarketingConsent();
  // The choice being saved, shown from the click on (no flicker back while the request starts); null when none is.
  const [saving, setSaving] = useState<boolean | null>(null);
  const data = consents.data;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'tr-TR', {
      timeZone: 'Europe/Istanbul',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  return (
    <Card data-testid="consents">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailCheck className="size-5 text-primary" aria-hidden />
          {t('consents.title')}
        </CardTitle>
        <CardDescription>
          {data?.privacy_notice_acknowledged_at
            ? t('consents.notice', { date: date(data.privacy_notice_acknowledged_at) })
            : t('consents.noNotice')}{' '}
          <Link
            to={PRIVACY_NOTICE_PATH}
            className="inline-flex min-h-11 items-center text-primary underline underline-offset-4"
          >
            {t('register.noticeLink')}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label htmlFor={`${id}-marketing`} className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
          <input
            id={`${id}-marketing`}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            // The choice being saved shows at once; a refusal puts the stored one back.
            checked={saving ?? data?.marketing_consent ?? false}
            disabled={!data || saving !== null}
            onChange={(event) => {
              const next = event.target.checked;
              setSaving(next);
              setConsent.mutate(next, {
                onSuccess: (stored) =>
                  toast.success(stored.marketing_consent ? t('consents.given') : t('consents.withdrawn')),
                onError: () => toast.error(t('consents.failed')),
                onSettled: () => setSaving(null),
              });
            }}
          />
          <span>{t('consents.marketing')}</span>
        </label>
      </CardContent>
    </Card>
  );
}
