// Shapes of the reference data and of simulated market data. Prices in TRY, volumes in shares.

/** One listed share class of the universe (reference data from KAP, January 2026). */
export interface Stock {
  symbol: string;
  /** Short common name, with Turkish characters. */
  name: string;
  /** Dashboard sector label (not the official KAP sector), e.g. 'Bankacılık'. */
  sector: string;
}

/** One row of the index catalogue (bist_indices.csv). */
export interface IndexCatalogueEntry {
  code: string;
  name: string;
  /** Short Turkish description. */
  description: string;
}

/** Real per-stock figures measured on real_daily (Yahoo-adjusted daily bars), used to anchor the simulator. */
export interface RealStockReference {
  symbol: string;
  /** Date of the last real bar, YYYY-MM-DD. */
  lastDate: string;
  lastCloseTry: number;
  /** Standard deviation of clean daily close-to-close log returns. */
  dailyLogReturnSd: number;
  /** Median close × volume over the last 250 real days. */
  medianTurnoverTry: number;
  /** OLS beta of clean daily log returns on XU100's, on common days. */
  betaToXu100: number;
  /** Median (high − low) / close over the last 250 real days. */
  medianRangeFraction: number;
  /** Number of clean daily returns the figures come from. */
  cleanReturnDays: number;
}

/** Median / p10 / p90 of a per-stock statistic across the cross-section. */
export interface CalibrationSummary {
  median: number;
  p10: number;
  p90: number;
}

/** Calibration statistics in the CALIBRATION.md sense; the same shape serves real and simulated figures. */
export interface CalibrationFigures {
  stockCount: number;
  dailyLogReturnSd: CalibrationSummary;
  excessKurtosis: CalibrationSummary;
  squaredReturnAutocorrelation: CalibrationSummary;
  returnAutocorrelation: CalibrationSummary;
  betaToXu100: CalibrationSummary;
  lastCloseTry: CalibrationSummary;
  medianTurnoverTry: CalibrationSummary;
  medianRangeFraction: CalibrationSummary;
  averagePairwiseCorrelation: number;
  /** Share of stock-days closing ≥ 9.5 % away from the previous close (at or near the ±10 % limit). */
  limitMoveShare: number;
  xu100DailyLogReturnSd: number;
  xu100ExcessKurtosis: number;
}

/** One daily OHLCV bar. Prices in TRY on the tick grid, volume in shares (1 lot = 1 share). */
export interface DailyBar {
  /** Trading day, YYYY-MM-DD (Europe/Istanbul). */
  date: string;
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeShares: number;
}
