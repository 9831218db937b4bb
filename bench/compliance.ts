// npm run bench:compliance -- [folder] — runs the daily market surveillance rules (apps/server/src/modules/compliance/rules,
// the code the scheduled job runs) over a folder of real end-of-day CSV files and prints, per rule and month, how many
// violations they raise per trading day and month, and on what share of trading days each rule fires. A rule that
// fires on most days is mis-tuned. Default folder: ../shared/data/real_daily (relative to the repository root).
// Marking the close needs minute bars, which the daily history does not have: it is not run here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DailyBar } from '@bist/market';
import { RULE_CATALOGUE } from '../apps/server/src/modules/compliance/rules/catalogue.ts';
import type { SymbolDailyBars } from '../apps/server/src/modules/compliance/rules/daily-series.ts';
import {
  scanDailyMarketRules,
  type DailyMarketRuleParams,
} from '../apps/server/src/modules/compliance/rules/market-scan.ts';
import { csvFolderBars, type SymbolBars } from './lib/ml-data.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.resolve(
  process.env.INIT_CWD ?? root,
  process.argv[2] ?? path.join(root, '../shared/data/real_daily'),
);

const dailyBarsOf = (s: SymbolBars): SymbolDailyBars => ({
  symbol: s.symbol,
  bars: s.dates.map((date, i): DailyBar => ({
    date,
    openTry: s.open[i]!,
    highTry: s.high[i]!,
    lowTry: s.low[i]!,
    closeTry: s.close[i]!,
    volumeShares: s.volume[i]!,
  })),
});

const started = performance.now();
const data = csvFolderBars(folder);
const series = data.stocks.map(dailyBarsOf);
const params = Object.fromEntries(
  RULE_CATALOGUE.filter((r) => r.category === 'market' && r.code !== 'MKT_MARKING_THE_CLOSE').map((r) => [
    r.code,
    r.defaults,
  ]),
) as DailyMarketRuleParams;
const findings = scanDailyMarketRules(series, params);
const elapsedMs = performance.now() - started;

const tradingDays = [...new Set(data.stocks.flatMap((s) => s.dates))].sort();
const months = [...new Set(tradingDays.map((d) => d.slice(0, 7)))];
const codes = [...findings.keys()];
const lines: string[] = [];
lines.push(`# bench:compliance — ${path.basename(folder)}`);
lines.push('');
lines.push(
  `${series.length} stocks, ${tradingDays[0]} … ${tradingDays.at(-1)} (${tradingDays.length} trading days); ` +
    `${data.adjusted} corporate-action jumps of _large_moves.csv back-adjusted; default parameters; ${Math.round(elapsedMs)} ms.`,
);
lines.push('');
lines.push(
  '| rule | violations | per trading day (mean) | 95th percentile day | busiest day | per month (mean) | busiest month | days with ≥ 1 (share of trading days) |',
);
lines.push('|---|---:|---:|---:|---|---:|---|---:|');
const perDay = (list: readonly { occurredAt: string }[]) => {
  const byDay = new Map<string, number>();
  for (const f of list) byDay.set(f.occurredAt.slice(0, 10), (byDay.get(f.occurredAt.slice(0, 10)) ?? 0) + 1);
  const counts = tradingDays.map((d) => byDay.get(d) ?? 0).sort((a, b) => a - b);
  const busiest = [...byDay].sort((a, b) => b[1] - a[1])[0];
  return {
    mean: list.length / tradingDays.length,
    p95: counts[Math.floor(0.95 * (counts.length - 1))] ?? 0,
    busiest: busiest ? `${busiest[0]} (${busiest[1]})` : '-',
  };
};
for (const code of codes) {
  const list = findings.get(code)!;
  const byMonth = new Map<string, number>();
  for (const f of list)
    byMonth.set(f.occurredAt.slice(0, 7), (byMonth.get(f.occurredAt.slice(0, 7)) ?? 0) + 1);
  const busiest = [...byMonth].sort((a, b) => b[1] - a[1])[0];
  const days = new Set(list.map((f) => f.occurredAt.slice(0, 10))).size;
  const day = perDay(list);
  lines.push(
    `| ${code} | ${list.length} | ${day.mean.toFixed(2)} | ${day.p95} | ${day.busiest} | ${(list.length / months.length).toFixed(1)} | ${busiest ? `${busiest[0]} (${busiest[1]})` : '-'} | ${days} (${((100 * days) / tradingDays.length).toFixed(1)} %) |`,
  );
}
const all = perDay([...findings.values()].flat());
lines.push(
  `| all daily market rules | ${[...findings.values()].flat().length} | ${all.mean.toFixed(2)} | ${all.p95} | ${all.busiest} | | | |`,
);
lines.push('');
lines.push(
  `Per trading day over ${series.length} stocks; the volume rule measures each move from the day's median move of ` +
    `all stocks (decision 0059). Per 100 stocks a trading day: ${((100 * all.mean) / series.length).toFixed(2)}.`,
);
lines.push('');
lines.push(`Per month (${codes.join(' / ')}):`);
lines.push('');
lines.push(`| month | ${codes.join(' | ')} |`);
lines.push(`|---|${codes.map(() => '---:').join('|')}|`);
for (const month of months) {
  const counts = codes.map((c) => findings.get(c)!.filter((f) => f.occurredAt.startsWith(month)).length);
  lines.push(`| ${month} | ${counts.join(' | ')} |`);
}
const text = lines.join('\n');
console.log(text);
const out = path.join(root, 'bench/results', `compliance-${path.basename(folder)}.md`);
fs.writeFileSync(out, `${text}\n`);
console.log(`\nwritten to ${path.relative(root, out)}`);
