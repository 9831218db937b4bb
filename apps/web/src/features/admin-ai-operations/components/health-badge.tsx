import type { AdminAlgorithm } from '@bist/contracts';
import { AI_HEALTH_RULE_TEXT } from '@bist/contracts/values';
import { CircleAlert, CircleCheck, CircleHelp, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { fixed } from '@/features/admin-ai-operations/lib/format';

const VARIANT = { healthy: 'up', warning: 'neutral', critical: 'down' } as const;
const ICON = { healthy: CircleCheck, warning: TriangleAlert, critical: CircleAlert } as const;

/** The health label with its checks and the rule in a tooltip. */
export function HealthBadge({
  algorithm,
}: {
  algorithm: Pick<AdminAlgorithm, 'health' | 'health_checks' | 'verdict'>;
}) {
  const { t } = useAdminTranslation();
  const h = algorithm.health;
  const Icon = h ? ICON[h] : CircleHelp;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button" className="cursor-help" data-testid="health-badge" data-health={h ?? 'unrated'}>
          <Badge variant={h ? VARIANT[h] : 'outline'}>
            <Icon />
            {h ? t(`aiOps.health.${h}`) : t('aiOps.health.unrated')}
          </Badge>
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm space-y-1 py-2" lang="en">
        {algorithm.verdict ? (
          <p className="font-medium" data-testid="verdict" data-verdict={algorithm.verdict}>
            {t(`aiOps.health.verdict.${algorithm.verdict}`)}
          </p>
        ) : null}
        {algorithm.health_checks.map((c) => (
          <p key={c.check} className="flex justify-between gap-3 tabular-nums">
            <span>{t(`aiOps.health.checks.${c.check}`)}</span>
            <span>
              {fixed(
                c.value,
                c.check === 'staleness' ? 1 : c.check === 'rank_ic' ? 4 : c.check === 'drift' ? 3 : 1,
              )}
              {c.interval ? ` [${fixed(c.interval.low, 2)}, ${fixed(c.interval.high, 2)}]` : ''} ·{' '}
              {t(`aiOps.health.${c.status}`)}
            </span>
          </p>
        ))}
        <p className="border-t border-background/30 pt-1 opacity-80">{AI_HEALTH_RULE_TEXT}</p>
      </TooltipContent>
    </Tooltip>
  );
}
