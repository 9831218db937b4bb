import { useState, type FormEvent } from 'react';
import { LineChart, X } from 'lucide-react';
import {
  AI_OPTIMIZATION_BASKETS,
  AI_OPTIMIZATION_NAME,
  OPTIMIZATION_RISK_TOLERANCE,
  OPTIMIZATION_TARGET_RETURN,
} from '@bist/contracts/values';
import { SymbolPicker } from '@/components/symbol-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAdminTranslation } from '@/lib/admin-i18n';
import type { OptimizeInputs } from '@/features/admin-ai-analytics/api/optimize-portfolio';

export const OBJECTIVES = ['max_sharpe', 'min_volatility', 'efficient_return', 'black_litterman'] as const;
export type Objective = (typeof OBJECTIVES)[number];
const TOLERANCES = ['low', 'medium', 'high'] as const;
const MAX_STOCKS = 30;

/** The request of an objective: Black–Litterman is max Sharpe on the posterior with the AI's views. */
export function requestOf(form: {
  stocks: readonly string[];
  basket: string | null;
  objective: Objective;
  targetPercent: number;
  tolerance: OptimizeInputs['risk_tolerance'];
  capPercent: number;
}): OptimizeInputs {
  return {
    name: AI_OPTIMIZATION_NAME,
    ...(form.basket ? { basket: form.basket } : { symbols: [...form.stocks] }),
    method: form.objective === 'black_litterman' ? 'max_sharpe' : form.objective,
    target_return: form.targetPercent / 100,
    risk_tolerance: form.tolerance,
    max_weight: form.capPercent / 100,
    use_model_views: form.objective === 'black_litterman',
  };
}

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** The optimiser's form: stocks (searched one by one, or an index as the basket), objective, tolerance and cap. */
export function OptimizationForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (inputs: OptimizeInputs) => void;
}) {
  const { t } = useAdminTranslation();
  const [source, setSource] = useState<'basket' | 'stocks'>('basket');
  const [basket, setBasket] = useState<string>(AI_OPTIMIZATION_BASKETS[0]);
  const [stocks, setStocks] = useState<string[]>([]);
  const [objective, setObjective] = useState<Objective>('max_sharpe');
  const [targetPercent, setTargetPercent] = useState(100 * OPTIMIZATION_TARGET_RETURN);
  const [tolerance, setTolerance] = useState<OptimizeInputs['risk_tolerance']>(OPTIMIZATION_RISK_TOLERANCE);
  const [capPercent, setCapPercent] = useState(30);
  const tooFew = source === 'stocks' && stocks.length < 2;
  const capTooLow = source === 'stocks' && stocks.length > 0 && stocks.length * capPercent < 100;
  const badCap = !(capPercent >= 5 && capPercent <= 100);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || tooFew || capTooLow || badCap) return;
    onSubmit(
      requestOf({
        stocks,
        basket: source === 'basket' ? basket : null,
        objective,
        targetPercent,
        tolerance,
        capPercent,
      }),
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('aiAnalytics.form.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 md:grid-cols-2" onSubmit={submit} data-testid="optimization-form">
          <fieldset className="space-y-2 md:col-span-2">
            <legend className="text-sm font-medium">{t('aiAnalytics.form.stocks')}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(['basket', 'stocks'] as const).map((s) => (
                <label key={s} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="stock-source"
                    checked={source === s}
                    onChange={() => setSource(s)}
                  />
                  {t(`aiAnalytics.form.source.${s}`)}
                </label>
              ))}
            </div>
            {source === 'basket' ? (
              <div className="space-y-1">
                <Label htmlFor="opt-basket">{t('aiAnalytics.form.basket')}</Label>
                <select
                  id="opt-basket"
                  className={selectClass}
                  value={basket}
                  onChange={(e) => setBasket(e.target.value)}
                >
                  {AI_OPTIMIZATION_BASKETS.map((code) => (
                    <option key={code} value={code}>
                      {t('aiAnalytics.form.basketOption', { code })}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="space-y-2">
                <Label htmlFor="opt-stock">{t('aiAnalytics.form.addStock')}</Label>
                <SymbolPicker
                  id="opt-stock"
                  value={null}
                  disabled={stocks.length >= MAX_STOCKS}
                  onChange={(picked) => {
                    if (picked && !stocks.includes(picked.symbol)) setStocks([...stocks, picked.symbol]);
                  }}
                  labels={{
                    placeholder: t('aiAnalytics.form.searchPlaceholder'),
                    change: t('aiAnalytics.form.remove'),
                    searching: t('aiAnalytics.form.searching'),
                    noMatch: t('aiAnalytics.form.noMatch'),
                  }}
                />
                <ul className="flex flex-wrap gap-2" data-testid="chosen-stocks">
                  {stocks.map((s) => (
                    <li key={s} className="flex items-center gap-1 rounded-md border px-2 py-0.5 text-sm">
                      {s}
                      <button
                        type="button"
                        aria-label={t('aiAnalytics.form.removeStock', { symbol: s })}
                        onClick={() => setStocks(stocks.filter((x) => x !== s))}
                      >
                        <X className="size-3" />
                      </button>
                    </li>
                  ))}
                </ul>
                {tooFew ? (
                  <p className="text-xs text-muted-foreground">{t('aiAnalytics.form.tooFew')}</p>
                ) : null}
              </div>
            )}
          </fieldset>
          <div className="space-y-1">
            <Label htmlFor="opt-objective">{t('aiAnalytics.form.objective')}</Label>
            <select
              id="opt-objective"
              className={selectClass}
              value={objective}
              onChange={(e) => setObjective(e.target.value as Objective)}
            >
              {OBJECTIVES.map((o) => (
                <option key={o} value={o}>
                  {t(`aiAnalytics.form.objectives.${o}`)}
                </option>
              ))}
            </select>
          </div>
          {objective === 'efficient_return' ? (
            <div className="space-y-1">
              <Label htmlFor="opt-target">{t('aiAnalytics.form.target')}</Label>
              <Input
                id="opt-target"
                type="number"
                step="0.5"
                min={-50}
                max={500}
                value={targetPercent}
                onChange={(e) => setTargetPercent(Number(e.target.value))}
              />
            </div>
          ) : null}
          <div className="space-y-1">
            <Label htmlFor="opt-tolerance">{t('aiAnalytics.form.tolerance')}</Label>
            <select
              id="opt-tolerance"
              className={selectClass}
              value={tolerance}
              onChange={(e) => setTolerance(e.target.value as OptimizeInputs['risk_tolerance'])}
            >
              {TOLERANCES.map((r) => (
                <option key={r} value={r}>
                  {t(`aiAnalytics.form.tolerances.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="opt-cap">{t('aiAnalytics.form.cap')}</Label>
            <Input
              id="opt-cap"
              type="number"
              step="1"
              min={5}
              max={100}
              value={capPercent}
              aria-invalid={badCap || capTooLow}
              onChange={(e) => setCapPercent(Number(e.target.value))}
            />
            {capTooLow ? (
              <p className="text-xs text-down">{t('aiAnalytics.form.capTooLow', { count: stocks.length })}</p>
            ) : null}
          </div>
          <div className="flex items-end md:col-span-2">
            <Button
              type="submit"
              disabled={pending || tooFew || capTooLow || badCap}
              data-testid="optimize-submit"
            >
              {pending ? <Spinner /> : <LineChart />} {t('aiAnalytics.form.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
