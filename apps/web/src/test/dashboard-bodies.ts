import { marketSourceData } from '@/test/market-source';

/**
 * The answers of the dashboard's five data paths as the server sends them (shapes of apps/server's response schemas),
 * for tests of the server render and of the app taking it over. A '</script>' in a company name checks escaping.
 */
export const DASHBOARD_BODIES = {
  '/api/market/summary': {
    success: true,
    data: {
      overview: {
        total_stocks: 596,
        total_sectors: 38,
        market_cap: 14_140_000_000_000,
        daily_volume: 175_400_000_000,
        total_indices: 32,
      },
      performance: {
        bist100_change: -0.96,
        bist100_value: 14321.2,
        advancers: 1,
        decliners: 2,
        unchanged: 3,
      },
      top_gainers: [{ symbol: 'GUNDG', change: 9.99, price: 22.46, company_name: 'Gündoğdu </script> Gıda' }],
      top_losers: [{ symbol: 'KLNMA', change: -9.98, price: 29.22, company_name: 'T. Kalkınma Bankası' }],
      sector_distribution: [{ sector: 'Holding', count: 53 }],
      sector_moves: [
        { sector: 'Bankacılık', change_percent: 1.25, count: 13 },
        { sector: 'Holding', change_percent: -0.5, count: 53 },
      ],
      date: '2026-11-20',
      freshness: { source: 'yahoo', asOf: '2026-11-20T15:10:00Z', stale: false, ageSeconds: 5 },
    },
  },
  '/api/market/live-data?limit=5': {
    success: true,
    data: [
      {
        symbol: 'AKBNK',
        name: 'Akbank',
        sector: 'Bankacılık',
        price: 58.3,
        changePercent: 2.19,
        volume: 310_061_650,
        turnover: 18_126_979_213,
      },
    ],
    freshness: { source: 'yahoo', asOf: '2026-11-20T15:10:00Z', stale: false, ageSeconds: 5 },
  },
  '/api/predictions/daily-summary': {
    success: true,
    data: {
      status: 'no_predictions_yet',
      is_example: false,
      summary: {
        predictions_generated: 0,
        average_accuracy: null,
        average_baseline: null,
        high_confidence_predictions: 0,
        algorithms_active: 0,
      },
      production_models: [],
      top_predictions: [],
      liquidity_rule:
        'Son 20 işlem gününde ortalama günlük işlem hacmi 10 milyon ₺ altında olan hisseler listelenmez.',
      accuracy_history: [],
      accuracy_history_source: null,
      as_of_date: null,
    },
  },
  '/api/market/status': {
    success: true,
    data: {
      isOpen: true,
      phase: 'continuous',
      nextOpen: null,
      closesAt: '2026-11-20T15:00:00.000Z',
      serverTime: '2026-11-20T12:10:18.774Z',
      timeZone: 'Europe/Istanbul',
    },
  },
  '/api/market/source': {
    success: true,
    data: marketSourceData({
      as_of: '2026-11-20T12:10:00.000Z',
      history: { source: 'real', symbols: 596, first_date: '2021-11-22', last_date: '2026-11-19' },
      models: { source: 'real', first_date: '2021-11-22', last_date: '2026-11-19' },
    }),
  },
};

/** 2026-11-20 15:10:05 in Istanbul: when the server took the bodies above. */
export const DASHBOARD_UPDATED_AT = Date.parse('2026-11-20T12:10:05Z');
