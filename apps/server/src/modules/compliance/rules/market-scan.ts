// Runs the daily market rules over stocks' daily bars: the scheduled job on the stored bars, bench:compliance on the
// real history. Marking the close needs minute bars and runs per session instead (marking-the-close.ts).
import { indexByCode, stockBySymbol } from '@bist/market';
import type { SymbolDailyBars } from './daily-series.ts';
import type { Finding } from './finding.ts';
import { priceLimitStreak, type PriceLimitStreakParams } from './price-limit-streak.ts';
import { pumpAndDump, type PumpAndDumpParams } from './pump-and-dump.ts';
import { sectorRelativeMove, type SectorRelativeMoveParams } from './sector-relative-move.ts';
import { volumeSpike, type VolumeSpikeParams } from './volume-spike.ts';

/** The daily market rules' parameters by rule code; a rule left out (disabled) is not run. */
export interface DailyMarketRuleParams {
  MKT_PRICE_LIMIT_STREAK?: PriceLimitStreakParams;
  MKT_VOLUME_SPIKE?: VolumeSpikeParams;
  MKT_PUMP_AND_DUMP?: PumpAndDumpParams;
  MKT_SECTOR_RELATIVE_MOVE?: SectorRelativeMoveParams;
}

export type DailyMarketRuleCode = keyof DailyMarketRuleParams;

/** The members of BIST 100 with their dashboard sector: the universe of the sector-relative rule. */
export function indexMembersWithSector(series: readonly SymbolDailyBars[], indexCode = 'XU100') {
  const members = new Set(indexByCode(indexCode)?.members ?? []);
  return series
    .filter((s) => members.has(s.symbol))
    .map((s) => ({ ...s, sector: stockBySymbol(s.symbol)?.sector ?? 'Diğer' }));
}

/** Every finding of every enabled daily market rule over the whole series, by rule code. */
export function scanDailyMarketRules(
  series: readonly SymbolDailyBars[],
  params: DailyMarketRuleParams,
): Map<DailyMarketRuleCode, Finding[]> {
  const out = new Map<DailyMarketRuleCode, Finding[]>();
  const perSymbol = (code: DailyMarketRuleCode, rule: (s: SymbolDailyBars) => Finding[]) =>
    out.set(code, series.flatMap(rule));
  const { MKT_PRICE_LIMIT_STREAK: streak, MKT_VOLUME_SPIKE: spike, MKT_PUMP_AND_DUMP: pump } = params;
  if (streak) perSymbol('MKT_PRICE_LIMIT_STREAK', (s) => priceLimitStreak(s, streak));
  if (spike) perSymbol('MKT_VOLUME_SPIKE', (s) => volumeSpike(s, spike));
  if (pump) perSymbol('MKT_PUMP_AND_DUMP', (s) => pumpAndDump(s, pump));
  if (params.MKT_SECTOR_RELATIVE_MOVE)
    out.set(
      'MKT_SECTOR_RELATIVE_MOVE',
      sectorRelativeMove(indexMembersWithSector(series), params.MKT_SECTOR_RELATIVE_MOVE),
    );
  return out;
}
