// The reference series returns are measured against (decision 0063), as plain values for both apps.

export const REFERENCE_SERIES_CODES = ['TUFE', 'USDTRY', 'EURTRY', 'GOLD_TRY_GRAM', 'DEPOSIT_RATE'] as const;
export type ReferenceSeriesCode = (typeof REFERENCE_SERIES_CODES)[number];

export interface ReferenceSeriesInfo {
  code: ReferenceSeriesCode;
  frequency: 'monthly' | 'daily';
  /** What one value is, in English (staff side; the investor side has its own Turkish texts). */
  unit: string;
  /** How many days after its period a value is normally published (freshness: later than this is 'stale'). */
  expectedDelayDays: number;
}

export const REFERENCE_SERIES: Record<ReferenceSeriesCode, ReferenceSeriesInfo> = {
  // TÜİK publishes a month's CPI on the 3rd of the next month.
  TUFE: { code: 'TUFE', frequency: 'monthly', unit: 'index, 2003=100 (TÜİK)', expectedDelayDays: 35 },
  USDTRY: { code: 'USDTRY', frequency: 'daily', unit: 'TRY per USD', expectedDelayDays: 4 },
  EURTRY: { code: 'EURTRY', frequency: 'daily', unit: 'TRY per EUR', expectedDelayDays: 4 },
  GOLD_TRY_GRAM: {
    code: 'GOLD_TRY_GRAM',
    frequency: 'daily',
    unit: 'TRY per gram of gold (GC=F USD/oz × USD/TRY ÷ 31.1034768)',
    expectedDelayDays: 4,
  },
  DEPOSIT_RATE: {
    code: 'DEPOSIT_RATE',
    frequency: 'daily',
    unit: 'annual simple rate, percent (TCMB weighted average TRY deposit rate, or the policy rate as a stated proxy)',
    // TCMB's weighted average deposit rate is weekly: a week's figure comes about a week after it.
    expectedDelayDays: 14,
  },
};

/** Grams in a troy ounce: gram gold in TRY = USD per troy ounce × USD/TRY ÷ this. */
export const GRAMS_PER_TROY_OUNCE = 31.1034768;
