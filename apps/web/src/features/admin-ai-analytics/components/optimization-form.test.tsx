import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers/app-providers';
import '@/features/admin-ai-analytics/i18n';
import { StockLookupContext, type StockLookup } from '@/lib/stock-lookup';
import { OptimizationForm, requestOf } from './optimization-form';

/** Stock lookups answering from a fixed list (the market feature's endpoints are not under test here). */
const lookup: StockLookup = {
  suggestions: (term) => ({
    queryKey: ['test-suggestions', term],
    queryFn: () =>
      Promise.resolve({
        stocks: ['THYAO', 'GARAN']
          .filter((s) => s.startsWith(term.toUpperCase()))
          .map((symbol) => ({ symbol, company_name: `${symbol} A.Ş.`, price: 100 })),
      }),
    select: (d) => d.stocks,
  }),
  quote: (symbol) => ({
    queryKey: ['test-quote', symbol],
    queryFn: () => Promise.resolve({ symbol, company_name: symbol, price: 100 }),
  }),
};

afterEach(cleanup);

describe('OptimizationForm', () => {
  it('sends the basket, the objective, the tolerance and the cap it was given', () => {
    const onSubmit = vi.fn();
    render(
      <AppProviders queryClient={new QueryClient()}>
        <OptimizationForm pending={false} onSubmit={onSubmit} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('Basket', { exact: true }), { target: { value: 'XBANK' } });
    fireEvent.change(screen.getByLabelText('Objective'), { target: { value: 'black_litterman' } });
    fireEvent.change(screen.getByLabelText('Risk tolerance'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('Per-stock cap (%)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Optimize' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'AI Optimized Portfolio',
      basket: 'XBANK',
      method: 'max_sharpe',
      target_return: 0.15,
      risk_tolerance: 'low',
      max_weight: 0.15,
      use_model_views: true,
    });
  });

  it('will not send fewer than two searched stocks, and is disabled while a run is pending', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <AppProviders queryClient={new QueryClient()}>
        <StockLookupContext.Provider value={lookup}>
          <OptimizationForm pending={false} onSubmit={onSubmit} />
        </StockLookupContext.Provider>
      </AppProviders>,
    );
    fireEvent.click(screen.getByLabelText('Search stocks'));
    expect(screen.getByText('Choose at least 2 stocks')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Optimize' }).disabled).toBe(true);
    rerender(
      <AppProviders queryClient={new QueryClient()}>
        <StockLookupContext.Provider value={lookup}>
          <OptimizationForm pending onSubmit={onSubmit} />
        </StockLookupContext.Provider>
      </AppProviders>,
    );
    fireEvent.click(screen.getByLabelText('An index as the basket'));
    const button = screen.getByTestId<HTMLButtonElement>('optimize-submit');
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('maps each objective to a method and whether the AI views are used', () => {
    const base = {
      stocks: ['THYAO', 'GARAN'],
      basket: null,
      targetPercent: 20,
      tolerance: 'high',
      capPercent: 50,
    } as const;
    expect(requestOf({ ...base, objective: 'efficient_return' })).toMatchObject({
      symbols: ['THYAO', 'GARAN'],
      method: 'efficient_return',
      target_return: 0.2,
      max_weight: 0.5,
      use_model_views: false,
    });
    expect(requestOf({ ...base, objective: 'min_volatility' })).toMatchObject({
      method: 'min_volatility',
      use_model_views: false,
    });
    expect(requestOf({ ...base, objective: 'black_litterman' })).toMatchObject({
      method: 'max_sharpe',
      use_model_views: true,
    });
  });
});
