import { useLocation } from 'react-router';
import { AdminComingSoon } from '@/features/admin/components/admin-coming-soon';
import { RequireAdminScreen } from '@/app/admin-guards';
import { useAdminTranslation } from '@/lib/admin-i18n';

const SCREENS = {
  '/admin/compliance': 'compliance',
  '/admin/ai': 'ai',
} as const;

type ComingSoonPath = keyof typeof SCREENS;

function isComingSoonPath(path: string): path is ComingSoonPath {
  return path in SCREENS;
}

/** /admin/compliance, /admin/ai: behind their permission, then 'Coming soon'. */
export default function AdminComingSoonRoute() {
  const { t } = useAdminTranslation();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const screen: ComingSoonPath = isComingSoonPath(path) ? path : '/admin/compliance';
  const key = SCREENS[screen];
  return (
    <RequireAdminScreen path={screen} deniedMessage={t(`accessDenied.${key}`)}>
      <AdminComingSoon title={t(`comingSoon.${key}.title`)} text={t(`comingSoon.${key}.text`)} />
    </RequireAdminScreen>
  );
}
