import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
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
import { Spinner } from '@/components/ui/spinner';
import { FormField } from '@/components/ui/form-field';
import { formErrorsFrom } from '@/lib/server-errors';
import { isApiError } from '@/lib/api-client';
import { PlanRequiredNotice } from '@/components/plan-required-notice';
import { useAddWatchlistItem } from '@/features/watchlist/api/add-watchlist-item';
import '@/features/watchlist/i18n';

/** Add a symbol to the watchlist from the Portfolio page. */
export function AddToWatchlistDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('watchlist');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        {open ? <AddForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('watchlist');
  const id = useId();
  const [stock, setStock] = useState<PickedStock | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  const add = useAddWatchlistItem();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stock) {
      setError(t('pickSymbol'));
      return;
    }
    add.mutate(stock.symbol, {
      onSuccess: (result) => {
        toast.success(
          result.created ? t('added', { symbol: stock.symbol }) : t('already', { symbol: stock.symbol }),
        );
        onDone();
      },
      onError: (e) => {
        // The plan's watchlist limit: its words name the plan that allows more, with the way to the plans.
        if (isApiError(e) && e.requiredPlan) {
          setPlanRefusal(e.displayMessage);
          return;
        }
        const mapped = formErrorsFrom(e, ['symbol'] as const);
        setError(mapped.fieldErrors.symbol ?? mapped.formError ?? t('failed'));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('addTitle')}</DialogTitle>
        <DialogDescription>{t('addText')}</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-symbol`} label={t('symbol')} error={error}>
        <SymbolPicker
          id={`${id}-symbol`}
          value={stock}
          onChange={(picked) => {
            setStock(picked);
            setError(undefined);
          }}
          invalid={!!error}
          describedBy={error ? `${id}-symbol-error` : undefined}
        />
      </FormField>
      {planRefusal ? <PlanRequiredNotice message={planRefusal} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner className="size-4 text-current" /> : null}
          {t('add')}
        </Button>
      </DialogFooter>
    </form>
  );
}
