// Marking the close, folded a minute at a time on a real database: over a planted session written minute by minute
// as the feed writes it, the incremental scan finds what the full scan and the rule over the whole session find, and
// reads only the new minutes (rows counted through its port); when the store no longer matches what it folded it
// reads the session again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test/helpers';
import type { Database } from '@/db/client';
import { MarketRepository, type StoredMinuteBar } from '@/market/market.repository';
import { ClosingScan, type ClosingScanReads } from './closing-scan.ts';
import type { Finding } from './rules/finding.ts';
import { MARKING_THE_CLOSE_DEFAULTS, markingTheClose } from './rules/marking-the-close.ts';

const params = MARKING_THE_CLOSE_DEFAULTS; // last 5 minutes, > 3 % from VWAP and > 2 % move in them
const STOCKS = new Set(['AAA', 'BBB', 'CCC', 'DDD']);
/** 16:00 Istanbul: the planted session's minutes run 16:00–17:59 (the last five reach the close). */
const START_MS = Date.parse('2026-11-17T13:00:00Z');
const MINUTES = 120;

/** A deterministic walk per symbol; in the closing window AAA ramps up 5 % above it, DDD 8 %, CCC 5 % below. */
function planted(symbol: string, i: number): StoredMinuteBar {
  const seed = [...symbol].reduce((n, c) => n + c.charCodeAt(0), 0);
  const walk = 10 + (seed % 7) + 0.37 * Math.sin((i + seed) / 9);
  const target = ({ AAA: 1.05, DDD: 1.08, CCC: 0.95 } as Record<string, number>)[symbol] ?? 1;
  const ramp = i >= MINUTES - 5 ? target ** ((i - (MINUTES - 6)) / 5) : 1;
  const close = Math.round(walk * ramp * 100) / 100;
  return {
    symbol,
    minute: new Date(START_MS + i * 60_000),
    openTry: close,
    highTry: close * 1.002,
    lowTry: close * 0.998,
    closeTry: close,
    volumeShares: 1_000 + ((seed * (i + 3)) % 700),
  };
}

describe(ClosingScan.name, () => {
  let database: Database;
  let repo: MarketRepository;
  let rowsRead = 0;
  let reads: ClosingScanReads;
  const isStock = (symbol: string) => STOCKS.has(symbol);

  beforeAll(async () => {
    database = await createTestDatabase();
    repo = new MarketRepository(database.db);
    // The port as the compliance runs get it, counting the rows it hands out.
    reads = {
      newestMinute: () => repo.newestMinute(),
      minuteBarsFrom: async (from) => {
        const rows = await repo.minuteBarsFrom(from);
        rowsRead += rows.length;
        return rows;
      },
    };
  });
  afterAll(async () => database.close());

  /** The rule over each stock's whole stored session, as the full scan read it before it was folded. */
  const reference = async (): Promise<Finding[]> => {
    const rows = await repo.minuteBarsFrom(new Date(0));
    const findings: Finding[] = [];
    for (const symbol of [...STOCKS].sort()) {
      const bars = rows
        .filter((r) => r.symbol === symbol)
        .map((r) => ({ ...r, at: r.minute.toISOString() }))
        .map(({ symbol: _s, minute: _m, ...bar }) => bar);
      if (bars.length === 0) continue;
      findings.push(...markingTheClose({ symbol, date: '2026-11-17', bars }, params));
    }
    return findings;
  };

  it('finds over a session written minute by minute what the full scan finds, reading only the new minutes', async () => {
    const incremental = new ClosingScan(reads, isStock);
    let written = 0;
    let scans = 0;
    let lastScanRows = 0;
    for (let i = 0; i < MINUTES; i++) {
      // DDD starts trading late; CCC's bar of each minute is stored after the others' (and after a run read them);
      // the index is stored beside the stocks and is no stock.
      const first = ['AAA', 'BBB', 'XU100', ...(i >= 40 ? ['DDD'] : [])].map((s) => planted(s, i));
      await repo.upsertMinuteBars(first);
      written += first.length;
      const before = rowsRead;
      const mid = await incremental.findings(params, true);
      lastScanRows = rowsRead - before;
      await repo.upsertMinuteBars([planted('CCC', i)]);
      written += 1;
      const found = await incremental.findings(params, true);
      scans += 2;
      const full = await new ClosingScan(reads, isStock).findings(params, false);
      expect(found).toEqual(full);
      if (i < MINUTES - 5) expect(mid).toEqual([]);
    }
    const full = await new ClosingScan(reads, isStock).findings(params, false);
    expect(full.map((f) => f.entityId)).toEqual(['AAA', 'CCC', 'DDD']);
    expect(full).toEqual(await reference());

    // Each incremental read is the new minute plus the newest folded one again: never the whole session.
    rowsRead = 0;
    const again = new ClosingScan(reads, isStock);
    await again.findings(params, true); // the first run of a process reads the session once
    expect(rowsRead).toBe(written);
    rowsRead = 0;
    await repo.upsertMinuteBars([planted('BBB', MINUTES)]);
    await again.findings(params, true);
    expect(rowsRead).toBeLessThanOrEqual(2 * 5);
    expect(lastScanRows).toBeLessThanOrEqual(2 * 5);
    expect(scans).toBe(2 * MINUTES);
  });

  it('reads the session again when a folded minute is stored with other figures, or a new session starts', async () => {
    const scan = new ClosingScan(reads, isStock);
    const before = await scan.findings(params, true);
    expect(before.map((f) => f.entityId)).toEqual(['AAA', 'CCC', 'DDD']);
    // The newest folded minute stored again with other figures (BBB's last bar 10 % up): read again, BBB marked.
    const bbb = planted('BBB', MINUTES);
    await repo.upsertMinuteBars([{ ...bbb, highTry: bbb.closeTry * 1.1, closeTry: bbb.closeTry * 1.1 }]);
    const revised = await scan.findings(params, true);
    expect(revised).toEqual(await new ClosingScan(reads, isStock).findings(params, false));
    expect(revised.map((f) => f.entityId)).toEqual(['AAA', 'BBB', 'CCC', 'DDD']);
    // The next day's first minute: yesterday left the session window, nothing reached the close yet.
    await repo.upsertMinuteBars([{ ...planted('AAA', 0), minute: new Date(START_MS + 21 * 3_600_000) }]);
    rowsRead = 0;
    expect(await scan.findings(params, true)).toEqual([]);
    expect(rowsRead).toBe(1);
  });
});
