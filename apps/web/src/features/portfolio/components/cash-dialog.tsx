import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { amountValue } from '@bist/contracts/values';
import { toast } from '@/components/ui/toaster';
import type { PortfolioTransaction, TransactionInput } from '@bist/contracts';
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
import { fieldProps, FormField, FormError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formErrorsFrom } from '@/lib/server-errors';
import { cn } from '@/lib/utils';
import { useCreateTransaction } from '@/features/portfolio/api/create-transaction';
import { useUpdateTransaction } from '@/features/portfolio/api/update-transaction';
import {
  CASH_DIALOG_TYPES,
  cashFormFields,
  istanbulToday,
  priceInputText,
  validateCashForm,
  type CashDialogType,
  type CashErrors,
  type CashField,
  type CashFormValues,
} from '@/features/portfolio/lib/portfolio-rules';
import '@/features/portfolio/i18n';

export type CashDialogState =
  | { mode: 'new'; type: CashDialogType }
  | { mode: 'edit'; transaction: PortfolioTransaction & { type: CashDialogType } };

const FIELDS: readonly CashField[] = ['symbol', 'amount', 'quantity', 'date'];

/** 'Nakit / Temettü': deposit, withdrawal, dividend, fee, split or bonus issue, reverse split; new or edited. */
export function CashDialog({
  state,
  onOpenChange,
}: {
  state: CashDialogState | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <Dialog open={state !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {state ? <CashForm state={state} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function initial(state: CashDialogState): {
  type: CashDialogType;
  stock: PickedStock | null;
  values: CashFormValues;
} {
  if (state.mode === 'new')
    return {
      type: state.type,
      stock: null,
      values: { symbol: '', amount: '', quantity: '', date: istanbulToday() },
    };
  const tx = state.transaction;
  return {
    type: tx.type,
    stock: tx.symbol ? { symbol: tx.symbol, name: null } : null,
    values: {
      symbol: tx.symbol ?? '',
      amount: tx.amount === null ? '' : priceInputText(tx.amount),
      quantity: tx.quantity === null ? '' : String(tx.quantity),
      date: tx.date,
    },
  };
}

function CashForm({ state, onDone }: { state: CashDialogState; onDone: () => void }) {
  const { t } = useTranslation('portfolio');
  const id = useId();
  const today = istanbulToday();
  const start = initial(state);
  const [type, setType] = useState<CashDialogType>(start.type);
  const [stock, setStock] = useState<PickedStock | null>(start.stock);
  const [values, setValues] = useState<CashFormValues>(start.values);
  const [errors, setErrors] = useState<CashErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const pending = create.isPending || update.isPending;
  const fields = cashFormFields(type);

  const set = (field: CashField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const current = { ...values, symbol: stock?.symbol ?? '' };
    const found = validateCashForm(type, current, { today });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: TransactionInput = {
      type,
      date: current.date,
      symbol: fields.symbol ? current.symbol : null,
      amount: fields.amount ? amountValue(current.amount) : null,
      quantity: fields.quantity ? amountValue(current.quantity) : null,
      note: state.mode === 'edit' ? state.transaction.note : null,
    };
    const onError = (error: unknown) => {
      const mapped = formErrorsFrom(error, FIELDS);
      setErrors(mapped.fieldErrors);
      setFormError(mapped.formError);
    };
    const onSuccess = () => {
      toast.success(
        state.mode === 'edit' ? t('trade.updated') : t('cash.saved', { type: t(`txType.${type}`) }),
      );
      onDone();
    };
    if (state.mode === 'edit') update.mutate({ id: state.transaction.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="cash-form">
      <DialogHeader>
        <DialogTitle>{state.mode === 'edit' ? t('trade.editTitle') : t('cash.title')}</DialogTitle>
        <DialogDescription>{t(`cash.text.${type}`)}</DialogDescription>
      </DialogHeader>

      {state.mode === 'new' ? (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">{t('cash.type')}</legend>
          <div className="flex flex-wrap gap-2">
            {CASH_DIALOG_TYPES.map((option) => (
              <label
                key={option}
                className={cn(
                  'cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  option === type ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={option}
                  checked={option === type}
                  onChange={() => {
                    setType(option);
                    setErrors({});
                    setFormError(null);
                  }}
                  className="sr-only"
                  disabled={pending}
                />
                {t(`txType.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {fields.symbol ? (
        <FormField id={`${id}-symbol`} label={t('form.symbol')} error={errors.symbol}>
          <SymbolPicker
            id={`${id}-symbol`}
            value={stock}
            onChange={(picked) => {
              setStock(picked);
              setErrors((e) => ({ ...e, symbol: undefined }));
            }}
            invalid={!!errors.symbol}
            describedBy={errors.symbol ? `${id}-symbol-error` : undefined}
            disabled={pending}
          />
        </FormField>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        {fields.amount ? (
          <FormField
            id={`${id}-amount`}
            label={t('form.amount')}
            error={errors.amount}
            hint={type === 'dividend' ? t('cash.netHint') : undefined}
          >
            <Input
              {...fieldProps(`${id}-amount`, errors.amount)}
              inputMode="decimal"
              placeholder="0,00"
              value={values.amount}
              onChange={(event) => set('amount', event.target.value)}
              disabled={pending}
            />
          </FormField>
        ) : null}
        {fields.quantity ? (
          <FormField
            id={`${id}-quantity`}
            label={t(type === 'reverse_split' ? 'form.removedShares' : 'form.extraShares')}
            error={errors.quantity}
            hint={t(type === 'reverse_split' ? 'cash.reverseSplitHint' : 'cash.splitHint')}
          >
            <Input
              {...fieldProps(`${id}-quantity`, errors.quantity)}
              inputMode="numeric"
              value={values.quantity}
              onChange={(event) => set('quantity', event.target.value)}
              disabled={pending}
            />
          </FormField>
        ) : null}
        <FormField id={`${id}-date`} label={t('form.date')} error={errors.date}>
          <Input
            {...fieldProps(`${id}-date`, errors.date)}
            type="date"
            max={today}
            value={values.date}
            onChange={(event) => set('date', event.target.value)}
            disabled={pending}
          />
        </FormField>
      </div>

      <FormError message={formError} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4 text-current" /> : null}
          {state.mode === 'edit' ? t('common.save') : t('cash.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
