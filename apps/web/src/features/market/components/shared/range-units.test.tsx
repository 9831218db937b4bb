import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RangeUnits } from '@bist/contracts';
import { TooltipProvider } from '@/components/ui/tooltip';
import { IndexHistoryCard } from '@/features/market/components/indices/index-history-card';
import { simulatedSourceData } from '@/test/market-source';
import { renderWithSource } from '@/test/render-with-source';
import { RangeUnitsSummary } from './range-units';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The worked case: +40 % in a year, TÜFE +45 % (−3.45 % real), USD/TRY 30 → 36 (+16.67 % in dollars). */
const units: RangeUnits = {
  from: '2024-06-14',
  to: '2025-06-13',
  nominal_percent: 40,
  real_percent: -3.45,
  usd_percent: 16.67,
  usd_try_from: 30,
  usd_try_to: 36,
  cpi_month: '2025-06',
  cpi_method: 'interpolated',
  cpi_source: 'shipped',
  usd_source: 'yahoo',
  missing: [],
  missing_months: [],
};

const value = (testId: string) =>
  within(screen.getByTestId(testId)).getByText((_, el) => el?.getAttribute('data-role') === 'value')
    .textContent;

function renderSummary(over: Partial<RangeUnits> | null) {
  return render(
    <TooltipProvider>
      <RangeUnitsSummary units={over === null ? null : { ...units, ...over }} />
    </TooltipProvider>,
  );
}

describe('RangeUnitsSummary', () => {
  it('says how many CPI months after the latest loaded one are left out of the real change', () => {
    renderSummary({ cpi_month: '2025-03', cpi_method: 'carried-forward' });
    // A range ending 2025-06-13: May is out by then; April and May are not loaded.
    expect(screen.getByTestId('units-cpi-behind').textContent).toBe(
      'TÜFE Mart 2025 sonrasındaki 2 ay için yüklü değil: reel getiri bu ayların enflasyonunu içermiyor (sıfır sayıldı). Sonraki aylar EVDS anahtarıyla ya da içe aktarmayla gelir.',
    );
    cleanup();
    renderSummary({});
    expect(screen.queryByTestId('units-cpi-behind')).toBeNull();
  });

  it('shows the change nominal, in dollars and real in Turkish formats, with the CPI and USD/TRY and their sources', () => {
    renderSummary({});
    expect(screen.getByTestId('range-units').textContent).toContain(
      'Dönem değişimi: 14.06.2024 – 13.06.2025',
    );
    expect(value('units-nominal')).toBe('+%40,00');
    expect(value('units-usd')).toBe('+%16,67');
    expect(value('units-real')).toBe('-%3,45');
    expect(screen.getByTestId('units-real').textContent).toContain("Reel (TÜFE'ye göre):");
    expect(screen.getByTestId('units-usd').textContent).toContain('Dolar bazında:');
    expect(screen.getByTestId('units-cpi-note').textContent).toBe(
      'TÜFE: Haziran 2025, dönem sonu iki ay arasında enterpolasyonla · kaynak: TÜİK (uygulamayla gelen TÜFE geçmişi)',
    );
    expect(screen.getByTestId('units-usd-note').textContent).toBe(
      'USD/TRY: 30,0000 → 36,0000 · kaynak: Yahoo Finance',
    );
    expect(screen.getByTestId('units-real-info').getAttribute('aria-label')).toBe('Reel değişim nedir?');
    expect(screen.queryByTestId('units-no-inflation')).toBeNull();
  });

  it("shows '---' with the reason: a series starting later, one stopping early, the CPI's missing months", () => {
    renderSummary({
      usd_percent: null,
      usd_try_from: null,
      real_percent: null,
      missing: ['TUFE', 'USDTRY'],
      missing_months: ['2024-09'],
    });
    expect(value('units-usd')).toBe('---');
    expect(screen.getByTestId('units-usd').textContent).toContain(
      '(Bu dönemin başından beri değeri olan bir seri yok: yüklenmemiş ya da daha sonra başlıyor)',
    );
    expect(value('units-real')).toBe('---');
    expect(screen.getByTestId('units-real').textContent).toContain(
      '(TÜFE serisinde eksik aylar var: 2024-09)',
    );
    cleanup();
    renderSummary({ usd_percent: null, usd_try_to: null });
    expect(screen.getByTestId('units-usd').textContent).toContain('(Seri dönemin sonuna kadar gelmiyor)');
  });

  it('says when no series is loaded, and that no CPI was published inside a range after the latest month', () => {
    renderSummary({
      usd_percent: null,
      usd_try_from: null,
      usd_try_to: null,
      real_percent: null,
      cpi_month: null,
      cpi_method: null,
      cpi_source: null,
      usd_source: null,
      missing: ['TUFE', 'USDTRY'],
    });
    expect(screen.getByTestId('units-real').textContent).toContain('(TÜFE verisi yüklü değil)');
    expect(screen.getByTestId('units-cpi-note').textContent).toBe('TÜFE verisi yok');
    expect(screen.getByTestId('units-usd-note').textContent).toBe('USD/TRY verisi yok');
    cleanup();
    renderSummary({
      from: '2025-11-03',
      to: '2025-12-01',
      real_percent: 40,
      cpi_month: '2025-10',
      cpi_method: 'carried-forward',
    });
    expect(screen.getByTestId('units-no-inflation').textContent).toContain(
      'Bu dönemin içinde yayımlanmış TÜFE yok',
    );
  });

  it('shows nothing for an intraday range', () => {
    renderSummary(null);
    expect(screen.queryByTestId('range-units')).toBeNull();
  });
});

describe('IndexHistoryCard', () => {
  const candles = [
    { time: '2024-06-14', open: 100, high: 100, low: 100, close: 100, volume: 0 },
    { time: '2025-06-13', open: 140, high: 140, low: 140, close: 140, volume: 0 },
  ];
  const history = (symbol: string) => ({
    success: true,
    data: { symbol, range: '1Y', interval: '1d', candles, warmup: [], units: { ...units } },
  });

  it("shows the index's 1Y change in dollars and real lira from the history's units", async () => {
    renderWithSource(
      <TooltipProvider>
        <IndexHistoryCard code="XU030" />
      </TooltipProvider>,
      simulatedSourceData(),
      {
        '/api/indices/XU030/history?range=1Y': history('XU030'),
        '/api/indices/XU100/history?range=1Y': history('XU100'),
      },
    );
    const summary = await screen.findByTestId('range-units');
    expect(summary.textContent).toContain('Dolar bazında:+%16,67');
    expect(within(summary).getByTestId('units-real').textContent).toContain('-%3,45');
    expect(screen.getByTestId('index-return').textContent).toContain('+%40,00');
  });
});
