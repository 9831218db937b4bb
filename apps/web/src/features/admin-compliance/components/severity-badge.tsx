import { Badge } from '@/components/ui/badge';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { cn } from '@/lib/utils';
import { severityVariant } from '@/features/admin-compliance/lib/format';

/** In the dark theme white on the red fill is under 4.5:1 for small text: a tinted fill with light red text there. */
const DARK_CRITICAL = 'dark:bg-destructive/20 dark:text-red-200';

export function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useAdminTranslation();
  return (
    <Badge
      variant={severityVariant(severity)}
      className={cn(severity === 'critical' && DARK_CRITICAL)}
      data-testid="severity"
    >
      {t(`compliance.severity.${severity}`)}
    </Badge>
  );
}
