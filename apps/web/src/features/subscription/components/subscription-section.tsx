import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Check, Info, Minus } from 'lucide-react';
import type { BillingInterval, PaymentHistoryItem, PlanId, Subscription } from '@bist/contracts';
import { PLAN_FEATURES, SUBSCRIPTION_PLANS, VAT_PERCENT } from '@bist/contracts/values';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { formatPercent, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useChangePlan } from '@/features/subscription/api/change-plan';
import { usePayments, useSubscription } from '@/features/subscription/api/get-subscription';
import { planChange, planPrice, yearlySaving } from '@/features/subscription/lib/pricing';
import '@/features/subscription/i18n';

const planName = (id: PlanId) => SUBSCRIPTION_PLANS.find((p) => p.id === id)!.name;

function useFormatDate() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'tr-TR';
  return (iso: string) =>
    new Date(iso).toLocaleDateString(locale, {
      timeZone: 'Europe/Istanbul',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
}

/**
 * 'Abonelik' on Hesap Ayarları: the current plan and its renewal date, the plans with monthly/yearly prices (VAT
 * excluded, as the server's price list), a plan change confirmed with the amount charged, cancellation back to
 * Ücretsiz (at once, as the server does) and the payment history.
 */
export function SubscriptionSection() {
  const { t } = useTranslation('subscription');
  const subscription = useSubscription();
  const payments = usePayments();
  const changer = useChangePlan();
  const [interval, setInterval] = useState<BillingInterval | null>(null);
  const [target, setTarget] = useState<{ plan: PlanId; interval: BillingInterval } | null>(null);
  const s = subscription.data;
  const shownInterval = interval ?? s?.interval ?? 'monthly';
  const formatDate = useFormatDate();

  const confirm = () => {
    if (!target) return;
    changer.mutate(target, {
      onSuccess: (next) => {
        toast.success(next.plan === 'free' ? t('cancelled') : t('changed', { plan: planName(next.plan) }));
        setTarget(null);
      },
      onError: (error) => {
        const reason =
          isApiError(error) && error.status === 503
            ? t('noProvider')
            : isApiError(error)
              ? error.displayMessage
              : '';
        toast.error(t('changeFailed', { reason }));
        setTarget(null);
      },
    });
  };

  return (
    <section
      id="abonelik"
      aria-labelledby="subscription-title"
      className="scroll-mt-20 space-y-4"
      data-testid="subscription"
    >
      <div>
        <h2 id="subscription-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>

      {subscription.isError ? (
        <ErrorCard
          message={t('loadFailed')}
          retry={{ label: t('retry'), onRetry: () => void subscription.refetch() }}
        />
      ) : (
        <>
          <CurrentPlan subscription={s} formatDate={formatDate} />
          {s && s.provider === null ? (
            <p role="note" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Info className="size-4 shrink-0" aria-hidden="true" />
              {t('noProvider')}
            </p>
          ) : null}

          <div className="flex flex-wrap items-center justify-between gap-3">
            <div role="group" aria-label={t('intervalChoice')} className="inline-flex rounded-lg border p-1">
              {(['monthly', 'yearly'] as const).map((i) => (
                <Button
                  key={i}
                  size="sm"
                  variant={shownInterval === i ? 'default' : 'ghost'}
                  aria-pressed={shownInterval === i}
                  onClick={() => setInterval(i)}
                >
                  {t(`interval.${i}`)}
                </Button>
              ))}
            </div>
            {s?.provider ? (
              <Badge variant="secondary" data-testid="subscription-demo">
                {s.provider}
              </Badge>
            ) : null}
          </div>

          <p className="text-sm text-muted-foreground">{t('features.everyPlan')}</p>
          <div className="grid gap-4 md:grid-cols-3" data-testid="subscription-plans">
            {SUBSCRIPTION_PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                planId={plan.id}
                interval={shownInterval}
                subscription={s}
                disabled={!s || s.provider === null || changer.isPending}
                onChoose={(choice) => setTarget(choice)}
              />
            ))}
          </div>
        </>
      )}

      <PaymentHistory query={payments} formatDate={formatDate} />

      {target && s && target.plan !== 'free' ? (
        <ChangeDialog
          subscription={s}
          target={target}
          pending={changer.isPending}
          onConfirm={confirm}
          onOpenChange={(open) => (open ? undefined : setTarget(null))}
        />
      ) : null}
      <ConfirmDialog
        open={target?.plan === 'free'}
        title={t('cancelPlan.title')}
        text={t('cancelPlan.text')}
        confirmLabel={t('cancelPlan.ok')}
        cancelLabel={t('cancelPlan.keep')}
        pending={changer.isPending}
        onConfirm={confirm}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
      />
    </section>
  );
}

function CurrentPlan({
  subscription: s,
  formatDate,
}: {
  subscription: Subscription | undefined;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation('subscription');
  return (
    <Card>
      <CardHeader>
        <CardDescription>{t('current')}</CardDescription>
        <CardTitle as="h3" className="text-xl" data-testid="subscription-current">
          {!s ? (
            <Skeleton className="h-7 w-40" />
          ) : s.plan === 'free' ? (
            planName('free')
          ) : (
            t('currentPlan', { plan: planName(s.plan), interval: t(`interval.${s.interval}`) })
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="min-h-5 text-sm text-muted-foreground">
        {!s ? null : s.plan === 'free' ? (
          t('freeCurrent')
        ) : (
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            {s.since ? <span>{t('since', { date: formatDate(s.since) })}</span> : null}
            {s.renews_at ? (
              <span data-testid="subscription-renews">
                {t('renewsAt', { date: formatDate(s.renews_at) })}
              </span>
            ) : null}
          </span>
        )}
      </CardContent>
    </Card>
  );
}

function PlanCard({
  planId,
  interval,
  subscription: s,
  disabled,
  onChoose,
}: {
  planId: PlanId;
  interval: BillingInterval;
  subscription: Subscription | undefined;
  disabled: boolean;
  onChoose: (choice: { plan: PlanId; interval: BillingInterval }) => void;
}) {
  const { t } = useTranslation('subscription');
  const price = planPrice(planId, interval);
  const saving = yearlySaving(planId);
  const change = s ? planChange(s, { plan: planId, interval }) : 'current';
  const isCurrent = s?.plan === planId && (planId === 'free' || s.interval === interval);
  return (
    <Card
      className={cn('flex flex-col', isCurrent && 'border-primary ring-1 ring-primary')}
      data-testid={`plan-${planId}`}
    >
      <CardHeader>
        <CardTitle as="h3">{planName(planId)}</CardTitle>
        <p className="text-2xl font-semibold tabular-nums">
          {formatPrice(price.amount)}
          {planId === 'free' ? null : (
            <span className="ml-1 text-sm font-normal text-muted-foreground">
              {interval === 'monthly' ? t('perMonth') : t('perYear')}
            </span>
          )}
        </p>
        <CardDescription>
          {planId === 'free' ? t('free') : t('vatExcluded', { vat: VAT_PERCENT })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <PlanFeatureList planId={planId} />
        <div className="mt-auto space-y-3">
          {saving ? (
            <p className={cn('text-sm', interval === 'yearly' ? 'text-up' : 'text-muted-foreground')}>
              {t('yearlySaving', {
                amount: formatPrice(saving.amount),
                percent: formatPercent(saving.percent, 0),
              })}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">&nbsp;</p>
          )}
          {isCurrent ? (
            <Button variant="outline" className="w-full" disabled>
              <Check aria-hidden="true" />
              {t('isCurrent')}
            </Button>
          ) : planId === 'free' && s?.plan === 'free' ? null : (
            <Button
              className="w-full"
              variant={planId === 'free' ? 'outline' : 'default'}
              disabled={disabled || change === 'current'}
              onClick={() => onChoose({ plan: planId, interval })}
            >
              {planId === 'free' ? t('chooseFree') : t('choose', { plan: planName(planId) })}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** What the plan gives (PLAN_FEATURES: the same table the server enforces). */
function PlanFeatureList({ planId }: { planId: PlanId }) {
  const { t } = useTranslation('subscription');
  const features = PLAN_FEATURES[planId];
  const rows: { key: string; text: string; included: boolean }[] = [
    { key: 'alerts', text: t('features.alerts', { n: features.priceAlerts }), included: true },
    { key: 'watchlist', text: t('features.watchlist', { n: features.watchlistStocks }), included: true },
    {
      key: 'csv',
      text: features.csvExport ? t('features.csvExport') : t('features.noCsvExport'),
      included: features.csvExport,
    },
  ];
  return (
    <ul
      aria-label={t('features.title')}
      className="space-y-1.5 text-sm"
      data-testid={`plan-${planId}-features`}
    >
      {rows.map((row) => (
        <li key={row.key} className={cn('flex items-start gap-2', !row.included && 'text-muted-foreground')}>
          {row.included ? (
            <Check className="mt-0.5 size-4 shrink-0 text-up" aria-hidden="true" />
          ) : (
            <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          {row.text}
        </li>
      ))}
    </ul>
  );
}

function ChangeDialog({
  subscription,
  target,
  pending,
  onConfirm,
  onOpenChange,
}: {
  subscription: Subscription;
  target: { plan: PlanId; interval: BillingInterval };
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('subscription');
  const price = planPrice(target.plan, target.interval);
  const change = planChange(subscription, target);
  const plan = planName(target.plan);
  return (
    <Dialog open onOpenChange={(open) => (pending ? undefined : onOpenChange(open))}>
      <DialogContent closeLabel={t('confirm.cancel')} data-testid="subscription-confirm">
        <DialogHeader>
          <DialogTitle>
            {t('confirm.title', { plan, interval: t(`interval.${target.interval}`) })}
          </DialogTitle>
          <DialogDescription>
            {change === 'start' || change === 'upgrade' || change === 'downgrade' || change === 'interval'
              ? t(`confirm.${change}`, { plan })
              : null}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm font-medium tabular-nums" data-testid="subscription-charge">
          {t('confirm.charge', {
            amount: formatPrice(price.amount),
            tax: formatPrice(price.tax),
            total: formatPrice(price.total),
          })}
        </p>
        {subscription.plan !== 'free' ? (
          <p className="text-sm text-muted-foreground">{t('confirm.noRefund')}</p>
        ) : null}
        {subscription.provider ? (
          <p className="text-sm text-muted-foreground">{subscription.provider}</p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('confirm.cancel')}
          </Button>
          <Button disabled={pending} aria-busy={pending} onClick={onConfirm}>
            {pending ? <Spinner className="size-4 text-current" /> : null}
            {t('confirm.ok')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PaymentHistory({
  query,
  formatDate,
}: {
  query: ReturnType<typeof usePayments>;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation('subscription');
  const rows: PaymentHistoryItem[] | undefined = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('payments.title')}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {query.isError ? (
          <ErrorCard
            message={t('loadFailed')}
            retry={{ label: t('retry'), onRetry: () => void query.refetch() }}
          />
        ) : !rows ? (
          <Skeleton className="h-16 w-full" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('payments.empty')}</p>
        ) : (
          <Table data-testid="subscription-payments">
            <TableHeader>
              <TableRow>
                <TableHead>{t('payments.date')}</TableHead>
                <TableHead>{t('payments.plan')}</TableHead>
                <TableHead className="text-right">{t('payments.amount')}</TableHead>
                <TableHead className="text-right">{t('payments.tax')}</TableHead>
                <TableHead className="text-right">{t('payments.total')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.reference + p.kind}>
                  <TableCell className="whitespace-nowrap">{formatDate(p.occurred_at)}</TableCell>
                  <TableCell>
                    {planName(p.plan)}
                    {p.kind === 'refund' ? (
                      <Badge variant="neutral" className="ml-2">
                        {t('payments.refund')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatPrice(p.amount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatPrice(p.tax)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {formatPrice(p.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
