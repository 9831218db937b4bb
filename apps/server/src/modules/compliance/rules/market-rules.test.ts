import { describe, expect, it } from 'vitest';
import { markingTheClose, MARKING_THE_CLOSE_DEFAULTS, sessionVwap } from './marking-the-close.ts';
import { priceLimitStreak, PRICE_LIMIT_STREAK_DEFAULTS } from './price-limit-streak.ts';
import { pumpAndDump, PUMP_AND_DUMP_DEFAULTS } from './pump-and-dump.ts';
import { sectorRelativeMove, SECTOR_RELATIVE_MOVE_DEFAULTS } from './sector-relative-move.ts';
import { marketMedianMoves, MIN_MARKET_BREADTH } from './market-scan.ts';
import { barsOf, flatThen } from './test-bars.ts';
import { volumeSpike, VOLUME_SPIKE_DEFAULTS } from './volume-spike.ts';
import type { EvidenceBar } from './finding.ts';

describe(priceLimitStreak.name, () => {
  const params = PRICE_LIMIT_STREAK_DEFAULTS; // ±10 %, 0.5 % tolerance, 3 days

  it('fires once on three closes in a row at the upper limit, with the streak as evidence', () => {
    const bars = barsOf([10, 11, 12.1, 13.31, 14.64]);
    const findings = priceLimitStreak({ symbol: 'ABC', bars }, params);
    expect(findings).toHaveLength(1); // the fourth day extends the same streak
    expect(findings[0]).toMatchObject({
      entityId: 'ABC',
      windowKey: bars[1]!.date,
      occurredAt: bars[3]!.date,
      evidence: { figures: { days_at_limit: 3, direction: 'upper' } },
    });
    expect(findings[0]!.evidence.bars).toHaveLength(4);
  });

  it('fires on the lower limit (taban) too', () => {
    const findings = priceLimitStreak({ symbol: 'ABC', bars: barsOf([10, 9, 8.1, 7.29]) }, params);
    expect(findings.map((f) => f.evidence.figures.direction)).toEqual(['lower']);
  });

  it('stays quiet on two limit days and on +9 % days', () => {
    expect(priceLimitStreak({ symbol: 'ABC', bars: barsOf([10, 11, 12.1, 12.2]) }, params)).toEqual([]);
    expect(priceLimitStreak({ symbol: 'ABC', bars: barsOf([10, 10.9, 11.88, 12.95]) }, params)).toEqual([]);
  });

  it('does not join an upper and a lower streak', () => {
    expect(priceLimitStreak({ symbol: 'ABC', bars: barsOf([10, 11, 12.1, 10.89]) }, params)).toEqual([]);
  });
});

describe(volumeSpike.name, () => {
  const params = VOLUME_SPIKE_DEFAULTS; // > 5 × 30-day average, |move| > 8 %
  const volumes = (last: number) => [...Array.from({ length: 31 }, () => 1_000), last];

  it('fires on 6× volume with a 9 % move', () => {
    const findings = volumeSpike(
      { symbol: 'XYZ', bars: barsOf(flatThen(31, 10, [10.9]), volumes(6_000)) },
      params,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence.figures).toMatchObject({ volume_multiple: 6, move_fraction: 0.09 });
  });

  it('stays quiet on 6× volume with a 7 % move, and on 4.9× volume with a 9 % move', () => {
    expect(
      volumeSpike({ symbol: 'XYZ', bars: barsOf(flatThen(31, 10, [10.7]), volumes(6_000)) }, params),
    ).toEqual([]);
    expect(
      volumeSpike({ symbol: 'XYZ', bars: barsOf(flatThen(31, 10, [10.9]), volumes(4_900)) }, params),
    ).toEqual([]);
  });

  it("measures the move from the market's median move: quiet on a market-wide −10 % day, firing against it", () => {
    const crashDate = barsOf(flatThen(31, 10, [9]))[31]!.date;
    const crash = new Map([[crashDate, -0.1]]);
    const down = { symbol: 'XYZ', bars: barsOf(flatThen(31, 10, [9]), volumes(6_000)) };
    expect(volumeSpike(down, params)).toHaveLength(1);
    expect(volumeSpike(down, params, crash)).toEqual([]);
    const flat = volumeSpike(
      { symbol: 'XYZ', bars: barsOf(flatThen(31, 10, [10]), volumes(6_000)) },
      params,
      crash,
    );
    expect(flat).toHaveLength(1);
    expect(flat[0]!.evidence.figures).toMatchObject({ move_fraction: 0, market_median_move_fraction: -0.1 });
  });
});

describe(marketMedianMoves.name, () => {
  it('takes the median move of each date with enough stocks, and none from a handful', () => {
    const many = Array.from({ length: MIN_MARKET_BREADTH + 1 }, (_, i) => ({
      symbol: `S${i}`,
      bars: barsOf([10, 10 * (1 + (i - MIN_MARKET_BREADTH / 2) / 100)]),
    }));
    const date = many[0]!.bars[1]!.date;
    expect(marketMedianMoves(many).get(date)).toBeCloseTo(0, 10);
    expect(marketMedianMoves(many.slice(0, 5)).has(date)).toBe(false);
  });
});

describe(pumpAndDump.name, () => {
  const params = PUMP_AND_DUMP_DEFAULTS; // +30 % in 5 days on 2× volume, then −20 % within 5 days
  const base = Array.from({ length: 30 }, () => 1_000);

  it('fires once on a run-up on rising volume followed by a reversal', () => {
    const closes = flatThen(31, 10, [11, 12, 12.5, 13, 13.5, 12, 10.5, 10]);
    const volumes = [...base, 1_000, 3_000, 3_000, 3_000, 3_000, 3_000, 2_000, 2_000, 2_000];
    const findings = pumpAndDump({ symbol: 'PMP', bars: barsOf(closes, volumes) }, params);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence.figures).toMatchObject({ run_up_fraction: 0.35, peak_date: '2026-02-05' });
    expect(findings[0]!.evidence.figures.reversal_fraction as number).toBeGreaterThanOrEqual(0.2);
  });

  it('stays quiet when the same run-up reverses only 15 %, or runs up on flat volume', () => {
    const closes = flatThen(31, 10, [11, 12, 12.5, 13, 13.5, 12.5, 11.6, 11.5]);
    const rising = [...base, 1_000, 3_000, 3_000, 3_000, 3_000, 3_000, 2_000, 2_000, 2_000];
    expect(pumpAndDump({ symbol: 'PMP', bars: barsOf(closes, rising) }, params)).toEqual([]);
    const dumped = flatThen(31, 10, [11, 12, 12.5, 13, 13.5, 12, 10.5, 10]);
    expect(pumpAndDump({ symbol: 'PMP', bars: barsOf(dumped) }, params)).toEqual([]);
  });
});

describe(markingTheClose.name, () => {
  const params = MARKING_THE_CLOSE_DEFAULTS; // last 5 minutes, > 3 % from VWAP and > 2 % move in them
  const minute = (i: number, close: number, volume = 100): EvidenceBar => ({
    at: new Date(Date.UTC(2026, 0, 5, 7, i)).toISOString(),
    openTry: close,
    highTry: close,
    lowTry: close,
    closeTry: close,
    volumeShares: volume,
  });
  const session = (lastCloses: number[]) => ({
    symbol: 'MRK',
    date: '2026-01-05',
    bars: [
      ...Array.from({ length: 40 }, (_, i) => minute(i, 20)),
      ...lastCloses.map((c, i) => minute(40 + i, c, 50)),
    ],
  });

  it('computes the VWAP from typical prices and volumes', () => {
    expect(sessionVwap([minute(0, 10, 100), minute(1, 20, 300)])).toBeCloseTo(17.5);
  });

  it('fires when the last minutes push the close 4 % above the VWAP', () => {
    const findings = markingTheClose(session([20, 20.2, 20.4, 20.6, 20.8]), params);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence.figures).toMatchObject({ intraday_vwap_try: 20, deviation_fraction: 0.04 });
  });

  it('stays quiet at 2.5 % from the VWAP', () => {
    expect(markingTheClose(session([20, 20.1, 20.2, 20.4, 20.5]), params)).toEqual([]);
  });
});

describe(sectorRelativeMove.name, () => {
  const params = SECTOR_RELATIVE_MOVE_DEFAULTS; // > 10 % from the sector median, ≥ 3 peers
  const member = (symbol: string, last: number, sector = 'Bankacılık') => ({
    symbol,
    sector,
    bars: barsOf([10, last]),
  });

  it('fires on a member up 12 % while its sector is flat', () => {
    const members = [member('AAA', 11.2), member('BBB', 10), member('CCC', 10.05), member('DDD', 9.95)];
    const findings = sectorRelativeMove(members, params);
    expect(findings.map((f) => f.entityId)).toEqual(['AAA']);
    expect(findings[0]!.evidence.figures).toMatchObject({ excess_fraction: 0.12, peers: 3 });
  });

  it('stays quiet 9 % from a flat sector, when the sector moved with it, and with too few peers', () => {
    const near = [member('AAA', 10.9), member('BBB', 10), member('CCC', 10.05), member('DDD', 9.95)];
    expect(sectorRelativeMove(near, params)).toEqual([]);
    const together = [member('AAA', 11.2), member('BBB', 10.5), member('CCC', 10.4), member('DDD', 10.3)];
    expect(sectorRelativeMove(together, params)).toEqual([]);
    expect(sectorRelativeMove([member('AAA', 11), member('BBB', 10), member('CCC', 10)], params)).toEqual([]);
  });
});
