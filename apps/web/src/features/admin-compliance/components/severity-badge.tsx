import { Badge } from '@/components/ui/badge';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { severityVariant } from '@/features/admin-compliance/lib/format';

export function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useAdminTranslation();
  return (
    <Badge variant={severityVariant(severity)} data-testid="severity">
      {t(`compliance.severity.${severity}`)}
    </Badge>
  );
}
