import { useEffect, useRef, useState } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '@bist/contracts';
import { rsi, sma } from '@/lib/indicators';
import { changeColorClass, formatChange, formatCompact, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useChartColors, withAlpha } from './chart-colors';

const ISTANBUL = 'Europe/Istanbul';

/** Daily candles carry 'YYYY-MM-DD' (business days), intraday ones an ISO instant (→ epoch seconds). */
function toChartTime(time: string): Time {
  if (/^\d{4}-\d{2}-\d{2}$/.test(time)) return time;
  return Math.floor(Date.parse(time) / 1000) as UTCTimestamp;
}

function toDate(time: Time): { date: Date; daily: boolean } {
  if (typeof time === 'number') return { date: new Date(time * 1000), daily: false };
  if (typeof time === 'string') return { date: new Date(`${time}T00:00:00Z`), daily: true };
  return { date: new Date(Date.UTC(time.year, time.month - 1, time.day)), daily: true };
}

/** Axis and crosshair labels in tr-TR; intraday times in Istanbul, business days as they are. */
function formatTime(time: Time, withTime: boolean): string {
  const { date, daily } = toDate(time);
  const timeZone = daily ? 'UTC' : ISTANBUL;
  if (daily || !withTime)
    return date.toLocaleDateString('tr-TR', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
  return date.toLocaleString('tr-TR', {
    timeZone,
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function tickLabel(time: Time, tickMarkType: number): string {
  const { date, daily } = toDate(time);
  const timeZone = daily ? 'UTC' : ISTANBUL;
  // TickMarkType: 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds.
  if (tickMarkType === 0) return date.toLocaleDateString('tr-TR', { timeZone, year: 'numeric' });
  if (tickMarkType === 1) return date.toLocaleDateString('tr-TR', { timeZone, month: 'short' });
  if (tickMarkType === 2)
    return date.toLocaleDateString('tr-TR', { timeZone, day: 'numeric', month: 'short' });
  return date.toLocaleTimeString('tr-TR', { timeZone, hour: '2-digit', minute: '2-digit' });
}

/** What the readout shows: the candle under the crosshair, or the latest one. */
export interface CandleReadout {
  candle: Candle;
  /** Change from the previous candle's close, percent; null for the first candle. */
  changePercent: number | null;
}

/** The readout of candle `index`: its O/H/L/C, volume and change from the previous close. */
export function candleReadout(candles: readonly Candle[], index: number): CandleReadout | null {
  const candle = candles[index];
  if (!candle) return null;
  const previous = candles[index - 1];
  return {
    candle,
    changePercent:
      previous && previous.close > 0 ? ((candle.close - previous.close) / previous.close) * 100 : null,
  };
}

interface Series {
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  sma20: ISeriesApi<'Line'>;
  sma50: ISeriesApi<'Line'>;
  rsi: ISeriesApi<'Line'>;
}

/**
 * Candlestick chart with volume, SMA 20/50 and an RSI 14 pane (lightweight-charts). Colours come from the up/down
 * tokens and follow the theme. When only the last candle changes (live ticks) it is updated in place.
 */
export interface ReadoutLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export function CandlestickChart({
  candles,
  label,
  showIndicators = true,
  height = 480,
  readoutLabels,
}: {
  candles: readonly Candle[];
  label: string;
  showIndicators?: boolean;
  height?: number;
  /** Labels of the crosshair readout above the chart (date, O/H/L/C, change, volume); none without them. */
  readoutLabels?: ReadoutLabels;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<Series | null>(null);
  const shapeRef = useRef<{ first: string | undefined; length: number }>({ first: undefined, length: 0 });
  const colors = useChartColors();
  const candlesRef = useRef(candles);
  useEffect(() => {
    candlesRef.current = candles;
  }, [candles]);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, {
      autoSize: true,
      // The library's logo would sit on the RSI pane: the attribution is the link under the chart instead.
      layout: { attributionLogo: false },
      localization: {
        locale: 'tr-TR',
        priceFormatter: (price: number) => formatNumber(price, 2),
        timeFormatter: (time: Time) => formatTime(time, true),
      },
      timeScale: { tickMarkFormatter: tickLabel, rightOffset: 3, borderVisible: false },
      rightPriceScale: { borderVisible: false },
      crosshair: { mode: 0 },
    });
    const candleSeries = chart.addSeries(CandlestickSeries, { priceLineVisible: true });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const lineOptions = {
      lineWidth: 2 as const,
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    };
    const sma20 = chart.addSeries(LineSeries, { ...lineOptions, title: 'HO 20' });
    const sma50 = chart.addSeries(LineSeries, { ...lineOptions, title: 'HO 50' });
    const rsiSeries = chart.addSeries(
      LineSeries,
      {
        lineWidth: 2,
        priceLineVisible: false,
        title: 'RSI 14',
        // One decimal, as the legend above the chart shows it.
        priceFormat: { type: 'custom', minMove: 0.1, formatter: (value: number) => formatNumber(value, 1) },
        // RSI lives on 0–100: keep the pane's scale fixed so 30/70 stay put.
        autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
      },
      1,
    );
    // No margin above 100 or below 0: the axis runs exactly 0–100.
    rsiSeries.priceScale().applyOptions({ scaleMargins: { top: 0.04, bottom: 0.04 } });
    rsiSeries.createPriceLine({
      price: 70,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: false,
      color: 'rgba(128,128,128,0.6)',
    });
    rsiSeries.createPriceLine({
      price: 30,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: false,
      color: 'rgba(128,128,128,0.6)',
    });
    chart.panes()[1]?.setStretchFactor(0.32);
    chart.panes()[0]?.setStretchFactor(1);
    chart.subscribeCrosshairMove((param) => {
      if (param.time === undefined) {
        setHovered(null);
        return;
      }
      const key = JSON.stringify(param.time);
      const index = candlesRef.current.findIndex((c) => JSON.stringify(toChartTime(c.time)) === key);
      setHovered(index >= 0 ? index : null);
    });
    chartRef.current = chart;
    seriesRef.current = { candles: candleSeries, volume, sma20, sma50, rsi: rsiSeries };
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
      shapeRef.current = { first: undefined, length: 0 };
    };
  }, []);

  // Theme colours.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series) return;
    chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: colors.muted,
        fontFamily: "'Inter Variable', ui-sans-serif, system-ui, sans-serif",
        panes: { separatorColor: colors.border },
      },
      grid: {
        vertLines: { color: withAlpha(colors.border, 0.5) },
        horzLines: { color: withAlpha(colors.border, 0.5) },
      },
    });
    series.candles.applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      borderUpColor: colors.up,
      borderDownColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
    series.sma20.applyOptions({ color: colors.primary });
    series.sma50.applyOptions({ color: 'rgb(217, 119, 6)' });
    series.rsi.applyOptions({ color: 'rgb(147, 51, 234)' });
    // Volume bars take their colour per bar: re-send them.
    shapeRef.current = { first: undefined, length: 0 };
  }, [colors]);

  // Data: full reload when the series changes shape, in-place update of the last bar for live ticks.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series) return;
    const volumeColor = (c: Candle) => withAlpha(c.close >= c.open ? colors.up : colors.down, 0.35);
    const last = candles[candles.length - 1];
    const shape = shapeRef.current;
    const closes = candles.map((c) => c.close);
    const sma20 = showIndicators ? sma(closes, 20) : [];
    const sma50 = showIndicators ? sma(closes, 50) : [];
    const rsi14 = showIndicators ? rsi(closes, 14) : [];
    if (last && shape.length === candles.length && shape.first === candles[0]?.time) {
      const time = toChartTime(last.time);
      const i = candles.length - 1;
      series.candles.update({ time, open: last.open, high: last.high, low: last.low, close: last.close });
      series.volume.update({ time, value: last.volume, color: volumeColor(last) });
      const s20 = sma20[i];
      const s50 = sma50[i];
      const r = rsi14[i];
      if (s20 !== null && s20 !== undefined) series.sma20.update({ time, value: s20 });
      if (s50 !== null && s50 !== undefined) series.sma50.update({ time, value: s50 });
      if (r !== null && r !== undefined) series.rsi.update({ time, value: r });
      return;
    }
    const times = candles.map((c) => toChartTime(c.time));
    series.candles.setData(
      candles.map((c, i) => ({
        time: times[i] as Time,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
      })),
    );
    series.volume.setData(
      candles.map((c, i) => ({ time: times[i] as Time, value: c.volume, color: volumeColor(c) })),
    );
    const line = (values: (number | null)[]) =>
      values.flatMap((value, i) => (value === null ? [] : [{ time: times[i] as Time, value }]));
    series.sma20.setData(line(sma20));
    series.sma50.setData(line(sma50));
    series.rsi.setData(line(rsi14));
    const intraday = typeof times[0] === 'number';
    chart.applyOptions({ timeScale: { timeVisible: intraday, secondsVisible: false } });
    chart.timeScale().fitContent();
    shapeRef.current = { first: candles[0]?.time, length: candles.length };
  }, [candles, colors, showIndicators]);

  const readout = candleReadout(candles, hovered ?? candles.length - 1);
  const intraday = candles[0] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(candles[0].time);
  return (
    <div className="grid gap-1">
      {readout && readoutLabels ? (
        <div
          className="flex min-h-5 flex-wrap gap-x-3 gap-y-0.5 text-xs tabular-nums text-muted-foreground"
          data-testid="candle-readout"
          aria-live="off"
        >
          <span className="font-medium text-foreground">
            {formatTime(toChartTime(readout.candle.time), intraday)}
          </span>
          {/* 'contents': the pairs flow in the row above; a <dl> holds only its dt/dd groups. */}
          <dl className="contents">
            {(
              [
                [readoutLabels.open, readout.candle.open],
                [readoutLabels.high, readout.candle.high],
                [readoutLabels.low, readout.candle.low],
                [readoutLabels.close, readout.candle.close],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="inline-flex gap-1">
                <dt>{key}</dt>
                <dd className="text-foreground">{formatNumber(value, 2)}</dd>
              </div>
            ))}
            <div className={cn('inline-flex gap-1', changeColorClass(readout.changePercent))}>
              <dd>{formatChange(readout.changePercent)}</dd>
            </div>
            <div className="inline-flex gap-1">
              <dt>{readoutLabels.volume}</dt>
              <dd className="text-foreground">{formatCompact(readout.candle.volume)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      <div
        ref={containerRef}
        role="img"
        aria-label={label}
        data-testid="candle-chart"
        style={{ height }}
        className="w-full"
      />
      <a
        href="https://www.tradingview.com/lightweight-charts/"
        target="_blank"
        rel="noreferrer"
        className="justify-self-end text-[10px] text-muted-foreground hover:underline"
      >
        TradingView Lightweight Charts™
      </a>
    </div>
  );
}
