import { describe, expect, it } from 'vitest';
import type { Candle } from '@bist/contracts';
import {
  axisWidth,
  bodyWidth,
  candlePaths,
  candleReadout,
  candleScene,
  clampView,
  fitView,
  formatCandleTime,
  indexAt,
  indexScale,
  MIN_BARS,
  panView,
  paneScale,
  priceExtent,
  rangeSummary,
  readoutIndex,
  resolveView,
  revealIndex,
  RIGHT_OFFSET,
  seriesPath,
  tickLabel,
  tickWeights,
  timeTicks,
  visibleRange,
  volumePaths,
  zoomView,
} from './candle-geometry';

const candle = (time: string, close: number, open = close - 1, volume = 1_000): Candle => ({
  time,
  open,
  high: Math.max(open, close) + 2,
  low: Math.min(open, close) - 3,
  close,
  volume,
});

/** n business-day candles from 2026-01-01, closes 100, 101, 102… */
function days(n: number): Candle[] {
  return Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    return candle(date, 100 + i);
  });
}

describe('times', () => {
  it('shows business days as they are and intraday candles in Istanbul time, in tr-TR', () => {
    expect(formatCandleTime('2026-10-27', true)).toBe('27 Eki 2026');
    // 07:30 UTC is 10:30 in Istanbul (UTC+3).
    expect(formatCandleTime('2026-11-18T07:30:00.000Z', true)).toBe('18 Kas 10:30');
    expect(formatCandleTime('2026-11-18T22:30:00.000Z', false)).toBe('19 Kas 2026');
  });

  it('weighs each candle as a tick: year, month, day or time of day', () => {
    expect(tickWeights(['2025-12-30', '2025-12-31', '2026-01-02', '2026-01-05', '2026-02-02'])).toEqual([
      2, 2, 0, 2, 1,
    ]);
    // Istanbul days: 20:50 UTC on the 18th is 23:50 there, 21:10 UTC already the 19th.
    expect(
      tickWeights([
        '2026-11-18T07:00:00Z',
        '2026-11-18T07:15:00Z',
        '2026-11-18T20:50:00Z',
        '2026-11-18T21:10:00Z',
      ]),
    ).toEqual([2, 3, 3, 2]);
  });

  it('labels ticks by their weight', () => {
    expect(tickLabel('2026-01-02', 0)).toBe('2026');
    expect(tickLabel('2026-11-02', 1)).toBe('Kas');
    expect(tickLabel('2026-11-18', 2)).toBe('18 Kas');
    expect(tickLabel('2026-11-18T07:30:00Z', 3)).toBe('10:30');
  });

  it('keeps the strongest ticks that fit, apart by the spacing, in order', () => {
    const times = ['2025-12-30', '2025-12-31', '2026-01-02', '2026-01-05', '2026-01-06', '2026-02-02'];
    const weights = tickWeights(times);
    const x = (i: number) => i * 30;
    const ticks = timeTicks(times, weights, [0, 5], x, 70, [0, 1_000]);
    // The year first (index 2), then the month (5); the days at 0 (60 px from the year) and 3, 4 do not fit.
    expect(ticks.map((t) => [t.index, t.label])).toEqual([
      [2, '2026'],
      [5, 'Şub'],
    ]);
    const wide = timeTicks(times, weights, [0, 5], (i) => i * 80, 70, [0, 1_000]);
    expect(wide.map((t) => t.label)).toEqual(['30 Ara', '31 Ara', '2026', '5 Oca', '6 Oca', 'Şub']);
    // Only what is inside the bounds and the visible range.
    expect(timeTicks(times, weights, [1, 3], (i) => i * 80, 70, [100, 1_000]).map((t) => t.index)).toEqual([
      2, 3,
    ]);
  });
});

describe('the visible window', () => {
  it('starts with every candle and room after the latest', () => {
    expect(fitView(100)).toEqual({ from: 0, to: 100 + RIGHT_OFFSET });
  });

  it('zooms around the anchor and stops at the limits', () => {
    const view = fitView(97); // 100 wide
    const zoomed = zoomView(view, 0.5, 50, 97);
    expect(zoomed).toEqual({ from: 25, to: 75 });
    // The anchor stays where it was on screen: at the left quarter.
    expect(zoomView({ from: 0, to: 40 }, 0.5, 10, 97)).toEqual({ from: 5, to: 25 });
    expect(zoomView(view, 0.01, 50, 97).to - zoomView(view, 0.01, 50, 97).from).toBe(MIN_BARS);
    expect(zoomView(zoomed, 10, 50, 97)).toEqual(view);
    // A short series cannot zoom below its length.
    expect(zoomView(fitView(4), 0.1, 2, 4)).toEqual(fitView(4));
  });

  it('pans within the candles', () => {
    const view = { from: 20, to: 40 };
    expect(panView(view, 5, 97)).toEqual({ from: 25, to: 45 });
    expect(panView(view, -50, 97)).toEqual({ from: 0, to: 20 });
    expect(panView(view, 500, 97)).toEqual({ from: 80, to: 100 });
    expect(clampView({ from: -5, to: 500 }, 97)).toEqual(fitView(97));
  });

  it('moves just enough to show a candle', () => {
    const view = { from: 20, to: 40 };
    expect(revealIndex(view, 30, 97)).toBe(view);
    expect(revealIndex(view, 45, 97)).toEqual({ from: 26, to: 46 });
    expect(revealIndex(view, 12, 97)).toEqual({ from: 12, to: 32 });
  });

  it('fits another series, follows a live candle when the latest is in view, stays put otherwise', () => {
    expect(resolveView(null, '2026-01-01', 50)).toEqual(fitView(50));
    const zoomedEnd = { key: '2026-01-01', count: 50, view: { from: 30, to: 53 } };
    expect(resolveView(zoomedEnd, '2026-01-01', 50)).toEqual({ from: 30, to: 53 });
    expect(resolveView(zoomedEnd, '2026-01-01', 51)).toEqual({ from: 31, to: 54 });
    const zoomedMiddle = { key: '2026-01-01', count: 50, view: { from: 10, to: 30 } };
    expect(resolveView(zoomedMiddle, '2026-01-01', 51)).toEqual({ from: 10, to: 30 });
    expect(resolveView({ key: '2026-01-01', count: 50, view: fitView(50) }, '2026-01-01', 51)).toEqual(
      fitView(51),
    );
    expect(resolveView(zoomedEnd, '2025-06-01', 250)).toEqual(fitView(250));
  });

  it('maps candles to x and x back to the candle under it', () => {
    const view = { from: 10, to: 20 };
    const x = indexScale(view, 0, 100);
    expect(x(10)).toBe(5);
    expect(x(19)).toBe(95);
    expect(indexAt(view, 0, 100, 5, 50)).toBe(10);
    expect(indexAt(view, 0, 100, 99, 50)).toBe(19);
    expect(indexAt(view, 0, 100, -500, 50)).toBe(0);
    expect(indexAt(fitView(5), 0, 80, 79, 5)).toBe(4);
    expect(indexAt(view, 0, 100, 5, 0)).toBe(-1);
    expect(visibleRange({ from: 9.5, to: 20.2 }, 50)).toEqual([9, 20]);
    expect(visibleRange(fitView(5), 5)).toEqual([0, 4]);
  });
});

describe('scales and shapes', () => {
  it('spans the visible candles and lines', () => {
    const candles = [candle('2026-01-01', 10, 9), candle('2026-01-02', 20, 19), candle('2026-01-03', 5, 6)];
    expect(priceExtent(candles, [], [0, 1])).toEqual([6, 22]);
    expect(priceExtent(candles, [[null, 30, 1]], [0, 1])).toEqual([6, 30]);
    expect(priceExtent(candles, [], [2, 1])).toBeNull();
  });

  it('fits a pane between its margins, with round ticks inside it', () => {
    const pane = paneScale([100, 200], 0, 300, { top: 0.2, bottom: 0.1 });
    expect(pane.y(200)).toBe(60);
    expect(pane.y(100)).toBe(270);
    expect(pane.value(60)).toBe(200);
    // The pane shows 85.7…228.6: about seven ticks, every 25.
    expect(pane.ticks).toEqual([100, 125, 150, 175, 200, 225]);
    // A flat series still gets a usable axis.
    const flat = paneScale([50, 50], 0, 100, { top: 0.1, bottom: 0.1 });
    expect(flat.y(50)).toBe(50);
    expect(flat.ticks.length).toBeGreaterThan(0);
  });

  it('sizes bodies to the spacing, odd so the wick is centred', () => {
    expect(bodyWidth(1)).toBe(1);
    expect(bodyWidth(3)).toBe(2);
    expect(bodyWidth(10)).toBe(7);
    expect(bodyWidth(12)).toBe(9);
  });

  it('draws rising and falling candles as bodies with wicks on whole pixels', () => {
    const candles = [candle('2026-01-01', 12, 10), candle('2026-01-02', 9, 11)];
    const x = (i: number) => 10 + i * 10;
    const y = (v: number) => 100 - v;
    const { up, down } = candlePaths(candles, [0, 1], x, y, 10);
    // Body 7 px wide around x 10 from close 12 (y 88) to open 10 (y 90); wick from high 14 to low 7.
    expect(up).toBe('M7 88h7v2h-7ZM10 86h1v7h-1Z');
    expect(down).toBe('M17 89h7v2h-7ZM20 87h1v7h-1Z');
    // A doji is still one pixel tall.
    expect(candlePaths([candle('2026-01-01', 10, 10)], [0, 0], x, y, 10).up).toContain('M7 90h7v1h-7Z');
  });

  it('draws volume bars up from the base, coloured like their candles', () => {
    const candles = [
      candle('2026-01-01', 12, 10, 500),
      candle('2026-01-02', 9, 11, 1_000),
      candle('2026-01-03', 9, 9, 0),
    ];
    const { up, down } = volumePaths(
      candles,
      [0, 2],
      (i) => 10 + i * 10,
      (v) => 100 - v / 10,
      100,
      10,
    );
    expect(up).toBe('M7 50h7v50h-7Z');
    expect(down).toBe('M17 0h7v100h-7Z');
  });

  it('draws a line through the values in view and one beyond each side, skipping the gaps', () => {
    const x = (i: number) => i * 10;
    const y = (v: number) => v;
    expect(seriesPath([null, null, 3, 4, 5, 6, 7], [3, 4], x, y)).toBe('M20 3 L30 4 L40 5 L50 6');
    expect(seriesPath([null, null, null], [0, 2], x, y)).toBe('');
  });

  it('makes the price axis as wide as its longest label', () => {
    expect(axisWidth(['1,00'])).toBe(48);
    expect(axisWidth(['12.345,67'])).toBe(79);
  });
});

describe('scene', () => {
  it('lays out the price and RSI panes, the axis and what is in view', () => {
    const candles = days(60);
    const scene = candleScene({
      candles,
      indicators: {
        overlays: [{ id: 'sma20', values: candles.map(() => null), color: 'red' }],
        rsi: candles.map(() => 50),
        macd: null,
      },
      weights: tickWeights(candles.map((c) => c.time)),
      view: { from: 40, to: 63 },
      width: 600,
      height: 480,
      priceLabel: (v) => v.toFixed(2),
    });
    expect(scene.timeAxisTop).toBe(452);
    expect(scene.price.bottom).toBe(342); // 452 / 1.32
    expect(scene.rsi?.top).toBe(343);
    expect(scene.axisWidth).toBe(58);
    expect(scene.right).toBe(542);
    expect(scene.range).toEqual([40, 59]);
    // Only the candles in view: 20 rising ones, none falling.
    expect(scene.candles.up.match(/M/g)).toHaveLength(40);
    expect(scene.candles.down).toBe('');
    // The price scale follows the candles in view (lows 137…, highs …161).
    expect(scene.price.y(161)).toBeCloseTo(342 * 0.2, 6);
    expect(scene.rsi?.y(50)).toBeCloseTo((343 + 452) / 2, 6);
    expect(scene.timeTicks.length).toBeGreaterThan(2);
  });

  it('has one pane without indicators', () => {
    const candles = days(5);
    const scene = candleScene({
      candles,
      indicators: null,
      weights: tickWeights(candles.map((c) => c.time)),
      view: fitView(5),
      width: 300,
      height: 200,
      priceLabel: (v) => v.toFixed(2),
    });
    expect(scene.rsi).toBeNull();
    expect(scene.price.bottom).toBe(172);
    expect(scene.lines).toEqual({ rsi: '', macd: '', signal: '' });
    expect(scene.overlays).toEqual([]);
    expect(scene.macd).toBeNull();
  });

  it('stacks the RSI and MACD panes under the prices when both are chosen', () => {
    const candles = days(60);
    const zigzag = candles.map((_, i) => (i % 2 === 0 ? 1 : -1));
    const scene = candleScene({
      candles,
      indicators: {
        overlays: [],
        rsi: candles.map(() => 50),
        macd: { macd: zigzag, signal: candles.map(() => 0), histogram: zigzag },
      },
      weights: tickWeights(candles.map((c) => c.time)),
      view: fitView(60),
      width: 600,
      height: 480,
      priceLabel: (v) => v.toFixed(2),
    });
    expect(scene.price.bottom).toBe(Math.round(452 / 1.64));
    expect(scene.rsi!.top).toBe(scene.price.bottom + 1);
    expect(scene.macd!.top).toBeGreaterThan(scene.rsi!.bottom);
    expect(scene.macd!.bottom).toBe(452);
    // Zero sits in the middle of the MACD pane; bars above and below it.
    expect(scene.macd!.y(0)).toBeCloseTo((scene.macd!.top + scene.macd!.bottom) / 2, 6);
    expect(scene.histogram.up.match(/M/g)).toHaveLength(30);
    expect(scene.histogram.down.match(/M/g)).toHaveLength(30);
    expect(scene.lines.macd).not.toBe('');
  });

  it('draws a close line instead of candles for the line type, and no volume when it is off', () => {
    const candles = days(20);
    const scene = candleScene({
      candles,
      indicators: null,
      weights: tickWeights(candles.map((c) => c.time)),
      view: fitView(20),
      width: 300,
      height: 200,
      priceLabel: (v) => v.toFixed(2),
      type: 'line',
      volume: false,
    });
    expect(scene.candles).toEqual({ up: '', down: '' });
    expect(scene.closeLine.startsWith('M')).toBe(true);
    expect(scene.volume).toEqual({ up: '', down: '' });
  });
});

describe('readout', () => {
  const candles = [candle('2026-11-18', 100), candle('2026-11-19', 102), candle('2026-11-20', 99.96)];

  it('gives the candle and its change from the previous close', () => {
    expect(candleReadout(candles, 1)).toEqual({ candle: candles[1], changePercent: 2 });
    expect(candleReadout(candles, 2)?.changePercent).toBeCloseTo(-2, 6);
  });

  it('has no change for the first candle and nothing outside the series', () => {
    expect(candleReadout(candles, 0)?.changePercent).toBeNull();
    expect(candleReadout(candles, 3)).toBeNull();
    expect(candleReadout([], 0)).toBeNull();
  });

  it('shows the picked candle, else the latest', () => {
    expect(readoutIndex(1, 3)).toBe(1);
    expect(readoutIndex(null, 3)).toBe(2);
    expect(readoutIndex(7, 3)).toBe(2);
  });

  it('sums up the visible range', () => {
    expect(rangeSummary(candles, [1, 2])).toEqual({
      from: '19 Kas 2026',
      to: '20 Kas 2026',
      low: 98.96 - 3,
      high: 104,
      close: 99.96,
    });
    expect(rangeSummary([], [0, -1])).toBeNull();
  });
});
