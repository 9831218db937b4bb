import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { ProductionModel } from '@bist/contracts';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { AccuracyBaselineLine, IndistinguishableBadge } from './accuracy-baseline';
import '@/features/predictions/i18n';

/** An algorithm's Turkish name; its English (registry) name in a tooltip, opened by hover, focus or a tap. */
export function AlgorithmName({ name, english }: { name: string; english: string }) {
  const { t } = useTranslation('predictions');
  const [open, setOpen] = useState(false);
  if (name === english) return <span>{name}</span>;
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          onClick={(event) => {
            // A touch screen has no hover: a tap opens it (Radix would close it on its trigger's click).
            event.preventDefault();
            setOpen(true);
          }}
          className="cursor-help underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
          data-english-name={english}
        >
          {name}
        </span>
      </TooltipTrigger>
      <TooltipContent>{t('algorithms.englishName', { name: english })}</TooltipContent>
    </Tooltip>
  );
}

/**
 * Which model 'En İyi Tahminler' comes from, per horizon, with its hit rate beside the market direction, the edge and
 * its interval, a plain explanation and the liquidity rule.
 */
export function ProductionModels({
  models,
  liquidityRule,
}: {
  models: ProductionModel[];
  liquidityRule: string;
}) {
  const { t } = useTranslation('predictions');
  return (
    <div className="space-y-3 rounded-lg border bg-muted/30 p-3 text-sm" data-testid="production-models">
      {models.length === 0 ? (
        <p className="text-muted-foreground">{t('production.none')}</p>
      ) : (
        <ul className="space-y-2">
          {models.map((m) => (
            <li key={m.horizon_days} data-testid="production-model">
              <p className="font-medium">
                {t('production.title')} ·{' '}
                <span>
                  {t('horizon', { count: m.horizon_days })}:{' '}
                  <AlgorithmName name={m.algorithm_name} english={m.algorithm_name_en} />
                </span>
              </p>
              {m.accuracy ? (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <AccuracyBaselineLine detail={m.accuracy} interval />
                  {m.accuracy.indistinguishable ? <IndistinguishableBadge /> : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{t('baseline.explanation')}</p>
      <p className="text-xs text-muted-foreground" data-testid="liquidity-rule">
        {t('table.liquidity', { rule: liquidityRule })}
      </p>
    </div>
  );
}
