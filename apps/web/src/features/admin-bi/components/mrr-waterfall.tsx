import type { BiRevenue } from '@bist/contracts';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { waterfallSteps } from '@/features/admin-bi/lib/waterfall';

const HEIGHT = 200;
const TOP = 8;
const BOTTOM = 4;

/**
 * One month's MRR movements as a waterfall: start, + new, + reactivation, + expansion, − contraction, − churn, = end.
 * Plain SVG (no chart library) painted with the design tokens, so it follows the theme; the figure is described by
 * its text summary (role=img) and the values are listed under it.
 */
export function MrrWaterfall({ month }: { month: BiRevenue['mrr_movements'][number] }) {
  const { t } = useAdminTranslation();
  const steps = waterfallSteps(month);
  const max = Math.max(1, ...steps.map((s) => s.high));
  const y = (v: number) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - v / max);
  const column = 100 / steps.length;
  const sign = (kind: string) => (kind === 'up' ? '+' : kind === 'down' ? '−' : '');
  const summary = t('bi.waterfall.summary', {
    month: month.month,
    start: formatPrice(month.start_mrr),
    new: formatPrice(month.new_mrr),
    reactivation: formatPrice(month.reactivation),
    expansion: formatPrice(month.expansion),
    contraction: formatPrice(month.contraction),
    churn: formatPrice(month.churn),
    end: formatPrice(month.end_mrr),
  });
  return (
    <figure className="space-y-3" data-testid="bi-mrr-waterfall">
      <svg role="img" aria-label={summary} width="100%" height={HEIGHT + 20} className="overflow-visible">
        <line x1="0" x2="100%" y1={y(0)} y2={y(0)} className="stroke-border" strokeWidth={1} />
        {steps.map((s, i) => {
          const x = i * column;
          const bar = column * 0.6;
          const top = y(s.high);
          const height = Math.max(s.value > 0 ? 1 : 0, y(s.low) - y(s.high));
          return (
            <g key={s.key}>
              {i < steps.length - 1 ? (
                // The connector carries the running total to the next bar.
                <line
                  x1={`${x + column * 0.8}%`}
                  x2={`${x + column * 1.2}%`}
                  y1={y(s.kind === 'down' ? s.low : s.high)}
                  y2={y(s.kind === 'down' ? s.low : s.high)}
                  className="stroke-muted-foreground"
                  strokeDasharray="3 3"
                  strokeWidth={1}
                />
              ) : null}
              <rect
                x={`${x + column * 0.2}%`}
                width={`${bar}%`}
                y={top}
                height={height}
                rx={2}
                className={cn(
                  s.kind === 'up' && 'fill-up',
                  s.kind === 'down' && 'fill-down',
                  s.kind === 'total' && 'fill-primary',
                )}
                data-step={s.key}
              />
              <text
                x={`${x + column / 2}%`}
                y={HEIGHT + 16}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px] sm:text-xs"
              >
                {t(`bi.waterfall.short.${s.key}`)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4 lg:grid-cols-7">
          {steps.map((s) => (
            <div key={s.key} className="flex justify-between gap-2 lg:flex-col lg:justify-start">
              <dt className="text-muted-foreground">{t(`bi.${s.key}`)}</dt>
              <dd
                className={cn(
                  'font-medium tabular-nums',
                  s.kind === 'up' && 'text-up',
                  s.kind === 'down' && 'text-down',
                )}
              >
                {sign(s.kind)}
                {formatPrice(s.value)}
              </dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}
