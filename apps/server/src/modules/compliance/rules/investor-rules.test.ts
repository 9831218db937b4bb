import { describe, expect, it } from 'vitest';
import { concentration, CONCENTRATION_DEFAULTS, dayBucket } from './concentration.ts';
import type { InvestorTrade } from './investor-trades.ts';
import { largeTrades, LARGE_TRADE_DEFAULTS } from './large-trade.ts';
import { preSignalTrading, PRE_SIGNAL_TRADING_DEFAULTS } from './pre-signal-trading.ts';
import { sameDayRoundTrips, ROUND_TRIP_DEFAULTS } from './round-trip.ts';

const trade = (over: Partial<InvestorTrade> & Pick<InvestorTrade, 'id'>): InvestorTrade => ({
  userId: 'u1',
  type: 'buy',
  tradeDate: '2026-03-02',
  symbol: 'THYAO',
  quantity: 100,
  priceTry: 300,
  ...over,
});

describe(concentration.name, () => {
  const params = CONCENTRATION_DEFAULTS; // > 50 % of ≥ 100,000 TRY
  it('fires on one stock at 60 % of the holdings, once per 30-day window', () => {
    const findings = concentration(
      [
        {
          userId: 'u1',
          holdings: [
            { symbol: 'THYAO', marketValueTry: 60_000 },
            { symbol: 'AKBNK', marketValueTry: 40_000 },
          ],
        },
      ],
      '2026-03-02',
      params,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      entityId: 'u1',
      evidence: { figures: { symbol: 'THYAO', share_fraction: 0.6 } },
    });
    expect(findings[0]!.windowKey).toBe(`THYAO@${dayBucket('2026-03-02', 30)}`);
  });

  it('stays quiet at exactly 50 % and below the portfolio floor', () => {
    const even = [
      { symbol: 'THYAO', marketValueTry: 50_000 },
      { symbol: 'AKBNK', marketValueTry: 50_000 },
    ];
    expect(concentration([{ userId: 'u1', holdings: even }], '2026-03-02', params)).toEqual([]);
    const small = [
      { symbol: 'THYAO', marketValueTry: 9_000 },
      { symbol: 'AKBNK', marketValueTry: 1_000 },
    ];
    expect(concentration([{ userId: 'u1', holdings: small }], '2026-03-02', params)).toEqual([]);
  });

  it('buckets dates into fixed windows', () => {
    expect(dayBucket('2026-03-02', 1)).toBe('2026-03-02');
    expect(dayBucket('2026-03-02', 30)).toBe(dayBucket('2026-03-03', 30));
  });
});

describe(sameDayRoundTrips.name, () => {
  it('fires on a buy and a sell of one stock on one day', () => {
    const findings = sameDayRoundTrips(
      [trade({ id: 1 }), trade({ id: 2, type: 'sell', priceTry: 310 })],
      ROUND_TRIP_DEFAULTS,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      windowKey: 'THYAO@2026-03-02',
      evidence: { figures: { round_trips: 1, sold_value_try: 31_000 } },
    });
    expect(findings[0]!.evidence.events).toHaveLength(2);
  });

  it('stays quiet when the sell is the next day, or is of another stock', () => {
    expect(
      sameDayRoundTrips(
        [trade({ id: 1 }), trade({ id: 2, type: 'sell', tradeDate: '2026-03-03' })],
        ROUND_TRIP_DEFAULTS,
      ),
    ).toEqual([]);
    expect(
      sameDayRoundTrips(
        [trade({ id: 1 }), trade({ id: 2, type: 'sell', symbol: 'AKBNK' })],
        ROUND_TRIP_DEFAULTS,
      ),
    ).toEqual([]);
  });
});

describe(largeTrades.name, () => {
  it('fires on a trade over 1,000,000 TRY and not on one of exactly 1,000,000', () => {
    const findings = largeTrades(
      [trade({ id: 7, quantity: 4_000, priceTry: 250.01 }), trade({ id: 8, quantity: 4_000, priceTry: 250 })],
      LARGE_TRADE_DEFAULTS,
    );
    expect(findings.map((f) => f.windowKey)).toEqual(['trade:7']);
    expect(findings[0]!.evidence.figures.value_try).toBe(1_000_040);
  });
});

describe(preSignalTrading.name, () => {
  const signal = { ruleCode: 'MKT_VOLUME_SPIKE', symbol: 'THYAO', date: '2026-03-05' };
  it('fires on a trade 3 days before the stock triggered a market rule', () => {
    const findings = preSignalTrading([trade({ id: 1 })], [signal], PRE_SIGNAL_TRADING_DEFAULTS);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ entityId: 'u1', windowKey: 'MKT_VOLUME_SPIKE:THYAO@2026-03-05' });
  });

  it('stays quiet 4 days before, on the day itself, and for another stock', () => {
    const trades = [
      trade({ id: 1, tradeDate: '2026-03-01' }),
      trade({ id: 2, tradeDate: '2026-03-05' }),
      trade({ id: 3, symbol: 'AKBNK', tradeDate: '2026-03-04' }),
    ];
    expect(preSignalTrading(trades, [signal], PRE_SIGNAL_TRADING_DEFAULTS)).toEqual([]);
  });
});
