import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Database, FlaskConical, Info } from 'lucide-react';
import type { MarketSource } from '@bist/contracts';
import { formatClock, formatDateTime } from '@/features/market/lib/format-market';
import { formatIsoDate, formatNumber } from '@/lib/format';
import { marketSourceKind, type MarketSourceKind } from '@/lib/market-source';
import { useMarketSource } from '@/lib/use-market-source';
import type { Translate } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const KIND_CLASS: Record<MarketSourceKind | 'stale', string> = {
  real: 'border-primary/30 bg-primary/10 text-primary',
  stale: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  simulated: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  unknown: 'border-border bg-muted text-muted-foreground',
};

/** The panel's width and the gap it keeps from the screen's edges, in px. */
const PANEL_WIDTH = 320;
const EDGE = 8;

/** The badge's words for a source (null: the server does not say; undefined: not answered yet). */
function useBadgeText(source: MarketSource | null | undefined): string {
  const { t } = useTranslation('market');
  if (source === undefined) return t('source.badge.loading');
  const kind = marketSourceKind(source);
  if (kind !== 'real' || !source) return t(`source.badge.${kind}`);
  if (source.stale) return t('source.badge.realStale', { time: formatClock(source.as_of) });
  return source.delay_minutes === null
    ? t('source.badge.realNoDelay')
    : t('source.badge.real', { delay: source.delay_minutes });
}

/** What the explanation says: the source, its provider and delay, the newest data's time, history, computed indices. */
function SourceExplanation({ source }: { source: MarketSource | null }) {
  const { t } = useTranslation('market');
  const kind = marketSourceKind(source);
  const lines: string[] = [];
  if (source && kind === 'real') {
    const provider = source.provider ?? '---';
    lines.push(
      source.delay_minutes === null
        ? t('source.realNoDelay', { provider })
        : t('source.real', { provider, delay: source.delay_minutes }),
    );
    if (source.stale) lines.push(t('source.stale'));
  } else {
    lines.push(t(`source.${kind}`));
  }
  if (source?.as_of) lines.push(t('source.asOf', { time: formatDateTime(source.as_of) }));
  if (source) lines.push(historyLine(source, t));
  if (source && source.computed_indices.length > 0)
    lines.push(t('source.computed', { count: source.computed_indices.length }));
  return (
    <>
      <p className="font-semibold">{t(`source.title.${kind}`)}</p>
      {lines.map((line) => (
        <p key={line} className="mt-1">
          {line}
        </p>
      ))}
    </>
  );
}

function historyLine(source: MarketSource, t: Translate): string {
  const { history } = source;
  if (history.first_date === null || history.last_date === null) return t('source.historyNone');
  if (history.source === 'simulated') return t('source.historySimulated');
  return t('source.historyReal', {
    first: formatIsoDate(history.first_date),
    last: formatIsoDate(history.last_date),
    count: formatNumber(history.symbols),
  });
}

/**
 * The top bar's source badge — 'Gerçek veri · 15 dk gecikmeli', 'Simülasyon · gerçek piyasa değil' or, when the
 * server does not say, 'Veri kaynağı bilinmiyor' (never a claim of real data) — with an explanation that opens on
 * hover and also on a tap or click (a phone has no hover); a second tap, a tap outside or Escape closes it. Our own
 * few lines rather than Radix's tooltip: the top bar is in the app's first chunk (decision 0038).
 */
export function MarketSourceBadge({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  const { data: source } = useMarketSource();
  const text = useBadgeText(source);
  const kind = source === undefined ? 'unknown' : marketSourceKind(source);
  const stale = kind === 'real' && source?.stale === true;
  const [open, setOpen] = useState<'hover' | 'pinned' | false>(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const [position, setPosition] = useState<CSSProperties>({});
  const panelId = useId();

  useLayoutEffect(() => {
    if (!open || !wrapper.current) return;
    // Under the badge, moved left as far as it takes to stay EDGE px inside the screen. Placed from the wrapper
    // rather than fixed to the viewport: the top bar's backdrop filter makes it the box of fixed descendants.
    const place = () => {
      const anchor = wrapper.current!.getBoundingClientRect();
      const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * EDGE);
      const left = Math.max(EDGE, Math.min(anchor.left, window.innerWidth - width - EDGE));
      setPosition({ left: left - anchor.left, width });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const Icon = kind === 'simulated' ? FlaskConical : kind === 'real' ? Database : Info;
  return (
    <span
      ref={wrapper}
      className={cn('relative inline-flex text-xs', className)}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && !open) setOpen('hover');
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && open === 'hover') setOpen(false);
      }}
    >
      <button
        type="button"
        data-testid="market-source-badge"
        data-source={source === undefined ? 'loading' : stale ? 'stale' : kind}
        aria-expanded={open !== false}
        aria-describedby={open ? panelId : undefined}
        title={t('source.badge.explain')}
        onClick={() => setOpen((current) => (current === 'pinned' ? false : 'pinned'))}
        onFocus={() => setOpen((current) => current || 'hover')}
        onBlur={(event) => {
          if (!wrapper.current?.contains(event.relatedTarget))
            setOpen((current) => (current === 'hover' ? false : current));
        }}
        className={cn(
          'inline-flex cursor-help items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          KIND_CLASS[stale ? 'stale' : kind],
        )}
      >
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {text}
      </button>
      {open ? (
        <span
          id={panelId}
          role="tooltip"
          data-testid="market-source-explanation"
          style={position}
          className="absolute top-full z-50 mt-1.5 block rounded-md bg-foreground px-3 py-2 text-left text-xs leading-relaxed font-normal whitespace-normal text-background shadow-md"
        >
          <SourceExplanation source={source ?? null} />
        </span>
      ) : null}
    </span>
  );
}
