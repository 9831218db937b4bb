import { Database } from 'lucide-react';
import type { MarketSource } from '@bist/contracts';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { marketSourceKind } from '@/lib/market-source';
import { useMarketSource } from '@/lib/use-market-source';
import { cn } from '@/lib/utils';

/** Staff times: English, Europe/Istanbul (the exchange's clock), as the admin pages show them. */
const asOfFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});

type AdminT = ReturnType<typeof useAdminTranslation>['t'];

function feedPart(source: MarketSource | null, t: AdminT): string {
  const kind = marketSourceKind(source);
  if (!source || kind !== 'real') return t(`marketSource.feed.${kind}`);
  const provider = source.provider ?? '—';
  const feed =
    source.delay_minutes === null
      ? t('marketSource.feed.realNoDelay', { provider })
      : t('marketSource.feed.real', { provider, delay: source.delay_minutes });
  return source.stale ? `${feed} ${t('marketSource.feed.stale')}` : feed;
}

/** 'real BIST, 2021-11-29 – 2026-11-26' or 'simulated'; null when there is nothing to say. */
function span(
  value: { source: 'real' | 'simulated'; first_date: string | null; last_date: string | null } | null,
  t: AdminT,
): string | null {
  if (!value?.first_date || !value.last_date) return null;
  return value.source === 'real'
    ? t('marketSource.real', { first: value.first_date, last: value.last_date })
    : t('marketSource.simulated');
}

/**
 * The staff pages' line on where the market figures come from — the live feed (real and delayed, or simulated), its
 * newest data, the stored history, what the models learned from and how many indices are computed from members —
 * the same facts as the investors' badge (GET /api/market/source), in the panel's English. A server that does not
 * say gets 'unknown', never a claim of real data.
 */
export function StaffSourceLine({ className }: { className?: string }) {
  const { t } = useAdminTranslation();
  const query = useMarketSource();
  if (query.isPending) return null;
  const source = query.data ?? null;
  const parts = [t('marketSource.line', { feed: feedPart(source, t) })];
  if (source?.as_of) parts.push(t('marketSource.asOf', { time: asOfFormat.format(new Date(source.as_of)) }));
  const history = source ? span(source.history, t) : null;
  if (history) parts.push(t('marketSource.history', { history, count: source?.history.symbols ?? 0 }));
  const models = source ? span(source.models, t) : null;
  if (models) parts.push(t('marketSource.models', { models }));
  if (source && source.computed_indices.length > 0)
    parts.push(t('marketSource.computed', { count: source.computed_indices.length }));
  return (
    <p
      className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)}
      data-testid="staff-source-line"
      data-source={marketSourceKind(source)}
    >
      <Database className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{parts.join(' · ')}</span>
    </p>
  );
}
