import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { ProductionModel, ProductionWindow } from '@bist/contracts';
import { formatNumber, formatPercent } from '@/lib/format';
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

/** A factor's name ('düşük oynaklık sıralaması'), from the locale; its id when unknown. */
function useFactorName() {
  const { t } = useTranslation('predictions');
  return (id: string | null) => (id ? t(`factor.${id}`, { defaultValue: id }) : '—');
}

function WindowLine({ w, absolute }: { w: ProductionWindow; absolute: boolean }) {
  const { t } = useTranslation('predictions');
  const factorName = useFactorName();
  const num = (v: number | null, digits = 3) => (v === null ? '—' : formatNumber(v, digits));
  const signed = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${num(v)}`);
  return (
    <li data-testid="production-window" data-role={w.role}>
      <span className="font-medium">{t(`windows.${w.role}`, { from: w.from ?? '—', to: w.to ?? '—' })}</span>
      {': '}
      {t('windows.rankIc', { value: num(w.rank_ic) })}
      {w.rank_ic_edge !== null
        ? ` · ${t('windows.edge', { factor: factorName(w.factor_id), edge: signed(w.rank_ic_edge), t: num(w.rank_ic_edge_t, 2) })}`
        : ''}
      {w.relative_hit_rate !== null
        ? ` · ${t('windows.relativeHit', { value: formatPercent(w.relative_hit_rate, 1) })}`
        : ''}
      {absolute && w.hit_rate !== null
        ? ` · ${t('windows.absoluteHit', {
            value: formatPercent(w.hit_rate, 1),
            up: formatPercent(w.always_up, 1),
            down: formatPercent(w.always_down, 1),
          })}`
        : ''}
    </li>
  );
}

/**
 * A production call's figures, the window it was not selected on first (then the selection window, labelled), and
 * for a factor the statement that no model beat it with the stated t. The absolute hit rate beside always-up and
 * always-down only for an absolute call.
 */
export function ProductionWindows({ model }: { model: ProductionModel }) {
  const { t } = useTranslation('predictions');
  const factorName = useFactorName();
  const absolute = model.call_mode === 'absolute';
  return (
    <div className="space-y-1 text-xs text-muted-foreground">
      {model.kind === 'factor' ? (
        <p data-testid="factor-served">
          {t('production.factorServed', {
            name: factorName(model.factor_id),
            bar: formatNumber(model.significance_bar),
          })}
        </p>
      ) : (
        <p>{t('production.bar', { bar: formatNumber(model.significance_bar) })}</p>
      )}
      <ul className="space-y-0.5">
        {model.windows.map((w) => (
          <WindowLine key={w.role} w={w} absolute={absolute} />
        ))}
      </ul>
      {absolute && model.accuracy ? (
        <div className="flex flex-wrap items-center gap-2">
          <AccuracyBaselineLine detail={model.accuracy} interval />
          {model.accuracy.indistinguishable ? <IndistinguishableBadge /> : null}
        </div>
      ) : (
        <p>{t('production.relative')}</p>
      )}
    </div>
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
                {t(m.kind === 'factor' ? 'production.factorTitle' : 'production.title')} ·{' '}
                <span>
                  {t('horizon', { count: m.horizon_days })}:{' '}
                  {m.kind === 'factor' ? (
                    <span data-testid="factor-name">
                      {t(`factor.${m.factor_id ?? ''}`, { defaultValue: m.algorithm_name })}
                    </span>
                  ) : (
                    <AlgorithmName name={m.algorithm_name} english={m.algorithm_name_en} />
                  )}
                </span>
              </p>
              <div className="mt-1">
                <ProductionWindows model={m} />
              </div>
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
