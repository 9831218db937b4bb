import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReferenceSeriesStatus } from '@bist/contracts';
import { ReferenceSeriesTable } from './reference-series-card';

afterEach(cleanup);

const status = (
  s: Partial<ReferenceSeriesStatus> & Pick<ReferenceSeriesStatus, 'code'>,
): ReferenceSeriesStatus => ({
  frequency: 'daily',
  unit: 'TRY per USD',
  source: null,
  published_at: null,
  last_date: null,
  last_value: null,
  values: 0,
  missing_months: [],
  freshness: 'empty',
  age_days: null,
  fetch_problem: null,
  ...s,
});

const rowOf = (code: string) =>
  within(screen.getByTestId('reference-series')).getByText(
    (_, el) => el?.getAttribute('data-series') === code,
  );

describe('the admin reference series table', () => {
  it('shows each series with its source, latest value, missing months and freshness', () => {
    render(
      <ReferenceSeriesTable
        series={[
          status({
            code: 'TUFE',
            frequency: 'monthly',
            unit: 'index, 2003=100 (TÜİK)',
            source: 'shipped',
            published_at: '2025-11-03',
            last_date: '2025-10',
            last_value: 3334.92,
            values: 250,
            missing_months: ['2024-02'],
            freshness: 'stale',
            age_days: 397,
          }),
          status({
            code: 'USDTRY',
            source: 'yahoo',
            last_date: '2026-11-30',
            last_value: 42.51234,
            values: 1_305,
            freshness: 'fresh',
            age_days: 1,
          }),
          status({
            code: 'DEPOSIT_RATE',
            fetch_problem: {
              source: 'evds',
              at: '2026-11-30T09:15:02.000Z',
              message: 'TCMB EVDS answered 401 (Invalid API Key): the EVDS_API_KEY was refused',
            },
          }),
        ]}
      />,
    );
    const cpi = rowOf('TUFE');
    expect(cpi.textContent).toContain('CPI (TÜFE)');
    expect(cpi.textContent).toContain('shipped TÜİK history');
    expect(cpi.textContent).toContain('published 2025-11-03');
    expect(cpi.textContent).toContain('2025-10: 3,334.9200');
    expect(cpi.textContent).toContain('Missing months: 2024-02');
    expect(cpi.textContent).toContain('Stale');
    expect(cpi.textContent).toContain('397 days old');
    const usd = rowOf('USDTRY');
    expect(usd.textContent).toContain('market provider');
    expect(usd.textContent).toContain('2026-11-30: 42.5123');
    expect(usd.textContent).toContain('1,305');
    expect(usd.textContent).toContain('Fresh');
    const deposit = rowOf('DEPOSIT_RATE');
    expect(deposit.textContent).toContain('Deposit rate');
    expect(deposit.textContent).toContain('Empty');
    expect(deposit.textContent).not.toContain('days old');
    expect(deposit.textContent).toContain(
      'Last fetch from TCMB EVDS failed (2026-11-30 09:15 UTC): TCMB EVDS answered 401 (Invalid API Key): the EVDS_API_KEY was refused',
    );
    expect(usd.querySelector('[data-fetch-problem]')).toBeNull();
  });
});
