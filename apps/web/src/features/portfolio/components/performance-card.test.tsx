import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PerformancePoint, ReturnComparisons } from '@bist/contracts';
import { TooltipProvider } from '@/components/ui/tooltip';
import { PerformanceCard } from './performance-card';

afterEach(cleanup);

const comparisons: ReturnComparisons = {
  real_percent: -3.25,
  usd_percent: -8.1,
  gold_percent: null,
  deposit_percent: null,
  benchmark_real_percent: -1.5,
  benchmark_usd_percent: -6.3,
  benchmark_gold_percent: null,
  cpi_month: '2025-10',
  cpi_method: 'carried-forward',
  cpi_source: 'shipped',
  deposit_source: null,
  missing: ['GOLD_TRY_GRAM', 'DEPOSIT_RATE'],
  missing_months: [],
};

const point = (date: string, twr: number, real: number, usd: number): PerformancePoint => ({
  date,
  value: 1000,
  benchmark_value: 1000,
  net_flow: 0,
  twr_percent: twr,
  benchmark_percent: 1,
  real_percent: real,
  usd_percent: usd,
  gold_percent: null,
  benchmark_real_percent: 0.5,
  benchmark_usd_percent: -0.5,
  benchmark_gold_percent: null,
});

const points = [point('2025-11-03', 1.5, -0.75, -2.5), point('2025-11-04', 2, -0.5, -2)];

function renderCard() {
  return render(
    <TooltipProvider>
      <PerformanceCard
        overview={undefined}
        comparisons={comparisons}
        points={points}
        range="1A"
        onRangeChange={() => undefined}
        loading={false}
        stale={false}
      />
    </TooltipProvider>,
  );
}

const tableColumn = (col: string) =>
  Array.from(screen.getByTestId('performance-table').querySelectorAll(`[data-col="${col}"]`)).map(
    (cell) => cell.textContent,
  );

describe('the performance card’s returns in other units', () => {
  it('shows the real, dollar, gold and deposit returns, a missing one with its reason, and the CPI’s month and source', () => {
    renderCard();
    expect(within(screen.getByTestId('return-real')).getByText('-%3,25')).toBeTruthy();
    expect(screen.getByTestId('return-real').textContent).toContain('XU100: -%1,50');
    // October's CPI is carried forward over a November range: the real return measured no inflation, and says so.
    expect(screen.getByTestId('no-inflation').textContent).toBe(
      'Bu dönemin içinde yayımlanmış TÜFE yok: enflasyon sıfır sayıldı, reel getiri nominal getiriye eşit.',
    );
    expect(screen.getByTestId('return-usd').textContent).toContain('-%8,10');
    expect(screen.getByTestId('return-gold').textContent).toContain('---');
    expect(screen.getByTestId('return-gold').textContent).toContain(
      'Bu dönemin başından beri değeri olan bir seri yok: yüklenmemiş ya da daha sonra başlıyor',
    );
    expect(screen.getByTestId('return-deposit').textContent).toContain(
      'Mevduat faizi serisi henüz yüklenmedi',
    );
    expect(screen.getByTestId('cpi-note').textContent).toBe(
      'TÜFE: Ekim 2025, son yüklenen ay sonraki aylara taşındı · kaynak: TÜİK (uygulamayla gelen TÜFE geçmişi)',
    );
  });

  it('switches the table to the chosen unit and disables a unit without its series, saying why', () => {
    renderCard();
    const nominal = screen.getByRole('button', { name: '₺ (nominal)' });
    const real = screen.getByRole('button', { name: "reel ₺ (TÜFE'ye göre)" });
    const usd = screen.getByRole('button', { name: '$ (ABD doları)' });
    const gold = screen.getByRole('button', { name: 'altın (gram)' });
    expect(nominal.getAttribute('aria-pressed')).toBe('true');
    expect(tableColumn('twr')).toEqual(['+%1,50', '+%2,00']);

    fireEvent.click(real);
    expect(real.getAttribute('aria-pressed')).toBe('true');
    expect(nominal.getAttribute('aria-pressed')).toBe('false');
    expect(tableColumn('twr')).toEqual(['-%0,75', '-%0,50']);
    expect(tableColumn('benchmark')).toEqual(['+%0,50', '+%0,50']);
    expect(screen.getByTestId('performance-table').querySelector('caption')?.textContent).toContain('reel ₺');

    fireEvent.click(usd);
    expect(tableColumn('twr')).toEqual(['-%2,50', '-%2,00']);

    expect((gold as HTMLButtonElement).disabled).toBe(true);
    expect(gold.getAttribute('title')).toBe(
      'altın (gram) seçilemez: Bu dönemin başından beri değeri olan bir seri yok: yüklenmemiş ya da daha sonra başlıyor',
    );
    fireEvent.click(gold);
    expect(usd.getAttribute('aria-pressed')).toBe('true');
  });
});
