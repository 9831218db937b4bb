import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_SETTINGS, parseChartSettings, toggleAverage } from './chart-settings';

describe('chart settings', () => {
  it('reads back what was kept', () => {
    const chosen = {
      type: 'line' as const,
      averages: [
        { kind: 'ema' as const, period: 21 },
        { kind: 'sma' as const, period: 200 },
      ],
      bollinger: true,
      volume: false,
      rsi: false,
      macd: true,
    };
    expect(parseChartSettings(JSON.stringify(chosen))).toEqual(chosen);
  });

  it('falls back to the default for nothing, bad JSON or a wrong shape, field by field', () => {
    expect(parseChartSettings(null)).toEqual(DEFAULT_CHART_SETTINGS);
    expect(parseChartSettings('{')).toEqual(DEFAULT_CHART_SETTINGS);
    expect(parseChartSettings('7')).toEqual(DEFAULT_CHART_SETTINGS);
    const partly = parseChartSettings(
      JSON.stringify({
        type: 'bars',
        macd: 'yes',
        rsi: false,
        averages: [
          { kind: 'sma', period: 7 },
          { kind: 'wma', period: 20 },
          { kind: 'ema', period: 9 },
          { kind: 'ema', period: 9 },
        ],
      }),
    );
    expect(partly).toEqual({ ...DEFAULT_CHART_SETTINGS, rsi: false, averages: [{ kind: 'ema', period: 9 }] });
  });

  it('adds a moving average at the end, or removes it when shown', () => {
    const added = toggleAverage(DEFAULT_CHART_SETTINGS, { kind: 'ema', period: 50 });
    expect(added.averages.map((a) => `${a.kind}${a.period}`)).toEqual(['sma20', 'sma50', 'ema50']);
    const removed = toggleAverage(added, { kind: 'sma', period: 20 });
    expect(removed.averages.map((a) => `${a.kind}${a.period}`)).toEqual(['sma50', 'ema50']);
  });
});
