// Which EVDS series fill which reference series, and how the CPI's two bases are linked (decision 0067).
import type { ReferenceSeriesCode } from '@bist/contracts';
import type { EvdsObservation } from './evds-client.ts';
import type { StoredSeriesValue } from './reference-series.repository.ts';

/** The EVDS series codes read. */
export const EVDS_CODES = {
  /** TÜFE, general index, 2003=100 (TÜİK's, as EVDS carries it); archived after TÜİK moved the index to 2025=100. */
  CPI_2003: 'TP.FG.J0',
  /** TÜFE, general index, 2025=100: the current series, linked onto 2003=100 before it is stored. */
  CPI_2025: 'TP.TUKFIY2025.GENEL',
  /** TCMB's indicative USD and EUR buying rates (döviz alış), lira per unit, each business day. */
  USD_TRY: 'TP.DK.USD.A.YTL',
  EUR_TRY: 'TP.DK.EUR.A.YTL',
  /** Weighted average interest rate on TRY deposits opened in the week, all maturities (flow, %, weekly). */
  DEPOSIT_TRY_TOTAL: 'TP.TRY.MT06',
} as const;

/** One EVDS request: series of one frequency, and the reference series it fills. */
export interface EvdsGroup {
  name: 'cpi' | 'fx' | 'deposit';
  codes: readonly string[];
  fills: readonly ReferenceSeriesCode[];
}

export const EVDS_GROUPS: readonly EvdsGroup[] = [
  { name: 'cpi', codes: [EVDS_CODES.CPI_2003, EVDS_CODES.CPI_2025], fills: ['TUFE'] },
  { name: 'fx', codes: [EVDS_CODES.USD_TRY, EVDS_CODES.EUR_TRY], fills: ['USDTRY', 'EURTRY'] },
  { name: 'deposit', codes: [EVDS_CODES.DEPOSIT_TRY_TOTAL], fills: ['DEPOSIT_RATE'] },
];

/** The values of one code, periods without a value left out. */
export function valuesOf(observations: readonly EvdsObservation[], code: string): StoredSeriesValue[] {
  return observations.flatMap((o) => {
    const value = o.values[code];
    return value === null || value === undefined || !(value > 0) ? [] : [{ date: o.date, value }];
  });
}

export interface LinkedCpi {
  /** Monthly values on 2003=100, each month dated on its first day. */
  values: StoredSeriesValue[];
  /** The month the 2025=100 series was linked at and the factor (2003=100 value ÷ 2025=100 value), when it was. */
  link: { month: string; factor: number; from: 'TP.FG.J0' | 'stored' } | null;
  /** 2025=100 months that could not be linked (no month both bases carry): not stored. */
  unlinked: string[];
}

/**
 * TÜFE on 2003=100: TP.FG.J0's own values where it has them; after its last month, the 2025=100 series times the
 * ratio of the two at the latest month both carry in the answer (or, when the answer has no TP.FG.J0 month, the
 * latest month stored on 2003=100 that the 2025=100 series also carries). Two bases of one index differ by a
 * constant factor, so the linked months' changes are the 2025=100 series' own.
 */
export function linkCpi(
  observations: readonly EvdsObservation[],
  stored: readonly StoredSeriesValue[],
): LinkedCpi {
  const old = new Map(valuesOf(observations, EVDS_CODES.CPI_2003).map((v) => [v.date, v.value]));
  const current = valuesOf(observations, EVDS_CODES.CPI_2025);
  const latestCommon = (base: ReadonlyMap<string, number>) =>
    current.filter((v) => base.has(v.date)).at(-1) ?? null;
  let link: LinkedCpi['link'] = null;
  const fromAnswer = latestCommon(old);
  if (fromAnswer) {
    link = {
      month: fromAnswer.date.slice(0, 7),
      factor: old.get(fromAnswer.date)! / fromAnswer.value,
      from: 'TP.FG.J0',
    };
  } else {
    const storedByDate = new Map(stored.map((v) => [v.date, v.value]));
    const fromStored = latestCommon(storedByDate);
    if (fromStored)
      link = {
        month: fromStored.date.slice(0, 7),
        factor: storedByDate.get(fromStored.date)! / fromStored.value,
        from: 'stored',
      };
  }
  const values = new Map(old);
  const unlinked: string[] = [];
  const lastOld = [...old.keys()].sort().at(-1) ?? '';
  for (const v of current) {
    if (v.date <= lastOld) continue;
    if (link) values.set(v.date, v.value * link.factor);
    else unlinked.push(v.date.slice(0, 7));
  }
  return {
    values: [...values].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, value]) => ({ date, value })),
    link,
    unlinked,
  };
}
