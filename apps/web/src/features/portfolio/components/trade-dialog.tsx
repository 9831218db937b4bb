import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { amountValue } from '@bist/contracts/values';
import { toast } from '@/components/ui/toaster';
import type { CashRule, PortfolioTransaction, TransactionInput } from '@bist/contracts';
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
import { isApiError } from '@/lib/api-client';
import { formatNumber, formatPrice } from '@/lib/format';
import { useStockQuote } from '@/lib/stock-lookup';
import { useCreateTransaction } from '@/features/portfolio/api/create-transaction';
import { useUpdateTransaction } from '@/features/portfolio/api/update-transaction';
import {
  istanbulToday,
  priceInputText,
  validateTradeForm,
  type TradeErrors,
  type TradeField,
  type TradeFormValues,
} from '@/features/portfolio/lib/portfolio-rules';
import { formErrorsFrom } from '@/lib/server-errors';
import { fieldProps, FormField, FormError } from '@/components/ui/form-field';
import '@/features/portfolio/i18n';

export type TradeDialogState =
  | { mode: 'buy'; stock: PickedStock | null }
  | { mode: 'sell'; stock: PickedStock; held: number }
  | { mode: 'edit'; transaction: PortfolioTransaction };

const FIELDS: readonly TradeField[] = ['symbol', 'quantity', 'price', 'date', 'commission'];

/** 'Hisse Ekle' / buy more / sell / edit of a buy or sell: one form, validated here and by the server. */
export function TradeDialog({
  state,
  onOpenChange,
}: {
  state: TradeDialogState | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <Dialog open={state !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {state ? <TradeForm state={state} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function initialValues(state: TradeDialogState): { stock: PickedStock | null; values: TradeFormValues } {
  const today = istanbulToday();
  if (state.mode === 'edit') {
    const tx = state.transaction;
    return {
      stock: tx.symbol ? { symbol: tx.symbol, name: null } : null,
      values: {
        symbol: tx.symbol ?? '',
        quantity: tx.quantity === null ? '' : String(tx.quantity),
        price: tx.price === null ? '' : priceInputText(tx.price),
        date: tx.date,
        commission: tx.commission ? priceInputText(tx.commission) : '',
      },
    };
  }
  return {
    stock: state.stock,
    values: { symbol: state.stock?.symbol ?? '', quantity: '', price: '', date: today, commission: '' },
  };
}

function TradeForm({ state, onDone }: { state: TradeDialogState; onDone: () => void }) {
  const { t } = useTranslation('portfolio');
  const id = useId();
  const today = istanbulToday();
  const initial = initialValues(state);
  const [stock, setStock] = useState<PickedStock | null>(initial.stock);
  const [values, setValues] = useState<TradeFormValues>(initial.values);
  const [priceTouched, setPriceTouched] = useState(state.mode === 'edit');
  const [errors, setErrors] = useState<TradeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The server's question when a buy costs more than the recorded cash: how to record the cash side.
  const [shortfall, setShortfall] = useState<string | null>(null);
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const pending = create.isPending || update.isPending;
  const live = useStockQuote(stock?.symbol ?? null);

  const type = state.mode === 'edit' ? state.transaction.type : state.mode;
  const maxQuantity = state.mode === 'sell' ? state.held : undefined;
  const livePriceText = live.data ? priceInputText(live.data.price) : '';
  const price = priceTouched ? values.price : livePriceText;
  const current = { ...values, symbol: stock?.symbol ?? '', price };
  const stockName =
    stock?.name ?? (live.data?.symbol === stock?.symbol ? live.data?.company_name : null) ?? null;

  const set = (field: TradeField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(null);
  };

  const save = (cashRule: CashRule | null) => {
    setFormError(null);
    setShortfall(null);
    const found = validateTradeForm(type, current, { today, maxQuantity });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: TransactionInput = {
      type,
      date: current.date,
      symbol: current.symbol,
      quantity: amountValue(current.quantity),
      price: amountValue(current.price),
      commission: current.commission.trim() ? amountValue(current.commission) : 0,
      note: state.mode === 'edit' ? state.transaction.note : null,
      cash_rule: cashRule,
    };
    const onError = (error: unknown) => {
      if (isApiError(error) && error.field === 'cash_rule' && error.status === 409) {
        setShortfall(error.displayMessage);
        return;
      }
      const mapped = formErrorsFrom(error, FIELDS);
      setErrors(mapped.fieldErrors);
      setFormError(mapped.formError);
    };
    const onSuccess = () => {
      toast.success(
        state.mode === 'edit'
          ? t('trade.updated')
          : type === 'sell'
            ? t('trade.sold', { symbol: input.symbol, quantity: input.quantity })
            : t('trade.bought', { symbol: input.symbol, quantity: input.quantity }),
      );
      onDone();
    };
    if (state.mode === 'edit') update.mutate({ id: state.transaction.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };

  const title =
    state.mode === 'edit'
      ? t('trade.editTitle')
      : state.mode === 'sell'
        ? t('trade.sellTitle', { symbol: state.stock.symbol })
        : state.stock
          ? t('trade.buyMoreTitle', { symbol: state.stock.symbol })
          : t('trade.addTitle');
  const quantity = amountValue(current.quantity);
  const priceValue = amountValue(current.price);
  const total = Number.isFinite(quantity) && Number.isFinite(priceValue) ? quantity * priceValue : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="trade-form">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {state.mode === 'sell'
            ? t('trade.sellText', { held: formatNumber(state.held) })
            : t('trade.buyText')}
        </DialogDescription>
      </DialogHeader>

      <FormField id={`${id}-symbol`} label={t('form.symbol')} error={errors.symbol}>
        <SymbolPicker
          id={`${id}-symbol`}
          value={stock ? { symbol: stock.symbol, name: stockName } : null}
          onChange={(picked) => {
            setStock(picked);
            setErrors((e) => ({ ...e, symbol: undefined, price: undefined }));
            if (!priceTouched) set('price', '');
          }}
          invalid={!!errors.symbol}
          describedBy={errors.symbol ? `${id}-symbol-error` : undefined}
          disabled={state.mode !== 'buy' || pending}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-quantity`}
          label={t('form.quantity')}
          error={errors.quantity}
          hint={maxQuantity !== undefined ? t('form.maxQuantity', { count: maxQuantity }) : undefined}
        >
          <Input
            {...fieldProps(`${id}-quantity`, errors.quantity)}
            inputMode="numeric"
            value={values.quantity}
            onChange={(event) => set('quantity', event.target.value)}
            disabled={pending}
          />
        </FormField>
        <FormField
          id={`${id}-price`}
          label={t('form.price')}
          error={errors.price}
          hint={live.data ? t('form.livePrice', { price: formatPrice(live.data.price) }) : undefined}
        >
          <Input
            {...fieldProps(`${id}-price`, errors.price)}
            inputMode="decimal"
            value={price}
            placeholder={live.isFetching ? t('form.loadingPrice') : '0,00'}
            onChange={(event) => {
              setPriceTouched(true);
              set('price', event.target.value);
            }}
            disabled={pending}
          />
        </FormField>
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
        <FormField id={`${id}-commission`} label={t('form.commission')} error={errors.commission}>
          <Input
            {...fieldProps(`${id}-commission`, errors.commission)}
            inputMode="decimal"
            placeholder="0,00"
            value={values.commission}
            onChange={(event) => set('commission', event.target.value)}
            disabled={pending}
          />
        </FormField>
      </div>

      <p className="text-sm text-muted-foreground tabular-nums" data-testid="trade-total">
        {t('form.total')}: <span className="font-medium text-foreground">{formatPrice(total)}</span>
      </p>

      {shortfall ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-3 text-sm"
          data-testid="cash-shortfall"
        >
          <p className="font-medium">{t('cashRule.title')}</p>
          <p>{shortfall}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={pending} onClick={() => save('auto_deposit')}>
              {t('cashRule.autoDeposit')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => save('allow_negative')}
            >
              {t('cashRule.allowNegative')}
            </Button>
          </div>
        </div>
      ) : null}

      <FormError message={formError} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending} variant={type === 'sell' ? 'destructive' : 'default'}>
          {pending ? <Spinner className="size-4 text-current" /> : null}
          {state.mode === 'edit'
            ? t('common.save')
            : type === 'sell'
              ? t('trade.sellSubmit')
              : t('trade.buySubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
