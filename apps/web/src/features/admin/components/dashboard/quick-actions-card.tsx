import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { ADMIN_QUICK_ACTIONS } from '@bist/contracts/values';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useCanAccessScreen } from '@/lib/admin-session';
import '@/features/admin/i18n';

/** Links to the screens the staff member's role may open. */
export function QuickActionsCard() {
  const { t } = useAdminTranslation();
  const canOpen = useCanAccessScreen();
  const quickActions = ADMIN_QUICK_ACTIONS.filter((action) => canOpen(action.path));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.quickActions')}</CardTitle>
      </CardHeader>
      <CardContent>
        {quickActions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('dashboard.noQuickActions')}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {quickActions.map((action) => (
              <li key={action.path}>
                <Link
                  to={action.path}
                  className="flex items-center justify-between rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted"
                >
                  {t(`quickActions.${action.path.replace('/admin/', '')}`, {
                    defaultValue: action.label,
                  })}
                  <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
