// Runs the daily market rules over stocks' daily bars: the scheduled job on the stored bars, bench:compliance on the
// real history. Marking the close needs minute bars and runs per session instead (marking-the-close.ts).
import { indexByCode, stockBySymbol } from '@bist/market';
import { dailyReturn, type SymbolDailyBars } from './daily-series.ts';
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

/** Fewer stocks traded on a date than this: no market move is taken for it (a handful of stocks is no market). */
export const MIN_MARKET_BREADTH = 20;

/**
 * The median close-to-close move of all the given stocks on each date (the market's move that day); dates with fewer
 * than MIN_MARKET_BREADTH stocks are left out.
 */
export function marketMedianMoves(series: readonly SymbolDailyBars[]): Map<string, number> {
  const byDate = new Map<string, number[]>();
  for (const s of series)
    for (let i = 1; i < s.bars.length; i += 1) {
      const r = dailyReturn(s.bars, i);
      if (r === null) continue;
      const date = s.bars[i]!.date;
      const list = byDate.get(date);
      if (list) list.push(r);
      else byDate.set(date, [r]);
    }
  const out = new Map<string, number>();
  for (const [date, moves] of byDate) {
    if (moves.length < MIN_MARKET_BREADTH) continue;
    moves.sort((a, b) => a - b);
    const mid = moves.length >> 1;
    out.set(date, moves.length % 2 === 1 ? moves[mid]! : (moves[mid - 1]! + moves[mid]!) / 2);
  }
  return out;
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
  if (spike) {
    const market = marketMedianMoves(series);
    perSymbol('MKT_VOLUME_SPIKE', (s) => volumeSpike(s, spike, market));
  }
  if (pump) perSymbol('MKT_PUMP_AND_DUMP', (s) => pumpAndDump(s, pump));
  if (params.MKT_SECTOR_RELATIVE_MOVE)
    out.set(
      'MKT_SECTOR_RELATIVE_MOVE',
      sectorRelativeMove(indexMembersWithSector(series), params.MKT_SECTOR_RELATIVE_MOVE),
    );
  return out;
}
