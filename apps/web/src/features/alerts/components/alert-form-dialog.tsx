import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import type { AlertDirection } from '@bist/contracts';
import { ALERT_DIRECTIONS, amountValue } from '@bist/contracts/values';
import { SymbolPicker, type PickedStock } from '@/components/symbol-picker';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { fieldProps, FormField, FormError } from '@/components/ui/form-field';
import { formErrorsFrom } from '@/lib/server-errors';
import { isApiError } from '@/lib/api-client';
import { PlanRequiredNotice } from '@/components/plan-required-notice';
import { formatPrice } from '@/lib/format';
import { useStockQuote } from '@/lib/stock-lookup';
import { cn } from '@/lib/utils';
import { useCreateAlert } from '@/features/alerts/api/create-alert';
import { validateAlertThreshold } from '@/features/alerts/lib/alert-rules';
import '@/features/alerts/i18n';

type AlertField = 'symbol' | 'threshold';

/** Create a price alert: symbol, 'above' / 'below', threshold. */
export function AlertFormDialog({
  open,
  onOpenChange,
  symbol,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  symbol?: string | undefined;
}) {
  const { t } = useTranslation('alerts');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        {open ? (
          <AlertForm
            initial={symbol ? { symbol: symbol.toUpperCase(), name: null } : null}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AlertForm({ initial, onDone }: { initial: PickedStock | null; onDone: () => void }) {
  const { t } = useTranslation('alerts');
  const id = useId();
  const [stock, setStock] = useState<PickedStock | null>(initial);
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [threshold, setThreshold] = useState('');
  const [errors, setErrors] = useState<Partial<Record<AlertField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  const create = useCreateAlert();
  const live = useStockQuote(stock?.symbol ?? null);
  const name = stock?.name ?? (live.data?.symbol === stock?.symbol ? live.data?.company_name : null) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setPlanRefusal(null);
    const found = validateAlertThreshold(stock?.symbol ?? '', threshold);
    setErrors(found);
    if (!stock || Object.keys(found).length > 0) return;
    create.mutate(
      { symbol: stock.symbol, direction, threshold_price: amountValue(threshold) },
      {
        onSuccess: (alert) => {
          toast.success(
            alert.status === 'triggered'
              ? t('createdTriggered', { symbol: alert.symbol })
              : t('created', { symbol: alert.symbol }),
          );
          onDone();
        },
        onError: (e) => {
          // The plan's alert limit: its words name the plan that allows more, with the way to the plans.
          if (isApiError(e) && e.requiredPlan) {
            setPlanRefusal(e.displayMessage);
            return;
          }
          const mapped = formErrorsFrom(e, ['symbol', 'threshold'] as const, {
            threshold_price: 'threshold',
          });
          setErrors(mapped.fieldErrors);
          setFormError(mapped.formError);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="alert-form">
      <DialogHeader>
        <DialogTitle>{t('formTitle')}</DialogTitle>
        <DialogDescription>{t('formText')}</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-symbol`} label={t('symbol')} error={errors.symbol}>
        <SymbolPicker
          id={`${id}-symbol`}
          value={stock ? { symbol: stock.symbol, name } : null}
          onChange={(picked) => {
            setStock(picked);
            setErrors((e) => ({ ...e, symbol: undefined }));
          }}
          invalid={!!errors.symbol}
          describedBy={errors.symbol ? `${id}-symbol-error` : undefined}
          disabled={create.isPending}
        />
      </FormField>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('direction')}</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup">
          {ALERT_DIRECTIONS.map((d) => (
            <label
              key={d}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                direction === d && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                name={`${id}-direction`}
                value={d}
                checked={direction === d}
                onChange={() => setDirection(d)}
                className="accent-[var(--primary)]"
              />
              {t(`directions.${d}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        id={`${id}-threshold`}
        label={t('threshold')}
        error={errors.threshold}
        hint={live.data ? t('currentPrice', { price: formatPrice(live.data.price) }) : undefined}
      >
        <Input
          {...fieldProps(`${id}-threshold`, errors.threshold)}
          inputMode="decimal"
          placeholder="0,00"
          value={threshold}
          onChange={(event) => {
            setThreshold(event.target.value);
            setErrors((e) => ({ ...e, threshold: undefined }));
          }}
          disabled={create.isPending}
        />
      </FormField>
      <FormError message={formError} />
      {planRefusal ? <PlanRequiredNotice message={planRefusal} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4 text-current" /> : null}
          {t('submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
