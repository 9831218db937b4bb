import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ConsentsSection } from '@/features/auth/components/consents-section';
import { PasswordChangeSection } from '@/features/auth/components/password-change-section';
import { SubscriptionSection } from '@/features/subscription/components/subscription-section';
import { PrivacySection } from '@/features/privacy/components/privacy-section';

/**
 * Hesap Ayarları (/settings): the investor's own account, composed from the features that own each part —
 * the subscription (plans and payments; a plan limit's notice links to #abonelik), the password, the consents
 * and the personal data rights under KVKK (export and erasure).
 */
export default function AccountRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="space-y-6">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <SubscriptionSection />
      <PasswordChangeSection />
      <ConsentsSection />
      <PrivacySection />
    </div>
  );
}
