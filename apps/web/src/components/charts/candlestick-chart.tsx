import {
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { Candle } from '@bist/contracts';
import {
  averageColor,
  averageId,
  BOLLINGER_COLOR,
  DEFAULT_CHART_SETTINGS,
  MACD_COLOR,
  RSI_COLOR,
  SIGNAL_COLOR,
  type ChartSettings,
} from '@/lib/chart-settings';
import { bollinger, ema, macd, overWindow, rsi, sma } from '@/lib/indicators';
import { changeColorClass, formatChange, formatCompact, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  candleReadout,
  candleScene,
  formatCandleTime,
  indexAt,
  isDailyTime,
  panView,
  rangeSummary,
  readoutIndex,
  resolveView,
  revealIndex,
  tickWeights,
  zoomView,
  type CandleScene,
  type Indicators,
  type Overlay,
  type RangeSummary,
  type View,
  type ViewState,
} from './candle-geometry';
import { textOn, useChartColors, withAlpha, type ChartColors } from './chart-colors';
import { stepIndex } from './svg-geometry';
import { useElementSize } from './use-element-size';

const NO_CANDLES: readonly Candle[] = [];

const TICK_FONT = 12;
const LABEL_HEIGHT = 18;
/** A wheel notch (100 px) zooms by e^0.2 ≈ 1.22. */
const WHEEL_ZOOM = 0.002;
/** '+' / '-' zoom by a fifth. */
const KEY_ZOOM = 1.25;

const price = (value: number) => formatNumber(value, 2);

/** The labels of the readout above the chart (O/H/L/C, volume). */
export interface ReadoutLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** The visible range's dates and prices, formatted, for the chart's accessible name. */
export type RangeWords = Record<keyof RangeSummary, string>;

/** The candle the crosshair is on, and the pointer's height (null when the keyboard picked the candle). */
interface Picked {
  index: number;
  y: number | null;
  byKeyboard: boolean;
}

type Gesture =
  | { kind: 'pan'; x: number; view: View; spacing: number }
  | { kind: 'pinch'; distance: number; anchor: number; view: View };

/**
 * The indicators of `settings` over the candles, each computed over the warm-up candles before them too, so that a
 * 50-period average has a value from the first candle shown when 49 earlier candles exist.
 */
export function chartIndicators(
  candles: readonly Candle[],
  warmup: readonly Candle[],
  settings: ChartSettings,
): Indicators {
  const before = warmup.map((c) => c.close);
  const closes = candles.map((c) => c.close);
  const overlays: Overlay[] = settings.averages.map((average, i) => ({
    id: averageId(average),
    color: averageColor(i),
    values: overWindow(before, closes, (v) =>
      average.kind === 'sma' ? sma(v, average.period) : ema(v, average.period),
    ),
  }));
  if (settings.bollinger) {
    const bands = overWindow(before, closes, (v) => bollinger(v, 20, 2));
    overlays.push(
      { id: 'bb-upper', color: BOLLINGER_COLOR, values: bands.upper },
      { id: 'bb-middle', color: BOLLINGER_COLOR, values: bands.middle },
      { id: 'bb-lower', color: BOLLINGER_COLOR, values: bands.lower },
    );
  }
  return {
    overlays,
    rsi: settings.rsi ? overWindow(before, closes, (v) => rsi(v, 14)) : null,
    macd: settings.macd ? overWindow(before, closes, (v) => macd(v, 12, 26, 9)) : null,
  };
}

/**
 * Candlestick (or close-line) chart with the indicators the investor chose (moving averages, Bollinger bands,
 * volume, RSI 14 and MACD panes), drawn as SVG in the theme's up/down colours (no
 * chart library: lightweight-charts alone was 60 kB gz of the stock page). The plot is one focusable element
 * around the picture (role="img", named with the visible range): the pointer or the arrow keys (Home/End) pick the
 * candle the readout above shows, else the latest; the wheel or a pinch zooms around the pointer, a drag pans,
 * '+' / '-' zoom from the keyboard, a double click shows every candle again.
 */
export function CandlestickChart({
  candles,
  warmup = NO_CANDLES,
  settings = DEFAULT_CHART_SETTINGS,
  label,
  summarize,
  showIndicators = true,
  height = 480,
  readoutLabels,
}: {
  candles: readonly Candle[];
  /** Candles before `candles` the indicators are computed over too (not drawn). */
  warmup?: readonly Candle[];
  settings?: ChartSettings;
  label: string;
  /** Words for the visible range ('27 Eki 2026 – 25 Kas 2026 …'), appended to `label` as the picture's name. */
  summarize?: (range: RangeWords) => string;
  showIndicators?: boolean;
  height?: number;
  /** Labels of the crosshair readout above the chart (date, O/H/L/C, change, volume); none without them. */
  readoutLabels?: ReadoutLabels;
}) {
  const colors = useChartColors();
  const id = useId().replace(/:/g, '');
  const [plotRef, { width }] = useElementSize<HTMLDivElement>();
  const [viewState, setViewState] = useState<ViewState | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [dragging, setDragging] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);

  const count = candles.length;
  const key = candles[0]?.time;
  const view = resolveView(viewState, key, count);
  const setView = (next: View) => setViewState({ key, count, view: next });

  const indicators = useMemo(
    () => (showIndicators ? chartIndicators(candles, warmup, settings) : null),
    [candles, warmup, settings, showIndicators],
  );
  const weights = useMemo(() => tickWeights(candles.map((c) => c.time)), [candles]);
  const scene = useMemo(
    () =>
      candleScene({
        candles,
        indicators,
        weights,
        view,
        width,
        height,
        priceLabel: price,
        type: settings.type,
        volume: settings.volume,
      }),
    // The view is compared by value: a new object with the same window draws the same picture.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [candles, indicators, weights, view.from, view.to, width, height, settings.type, settings.volume],
  );

  // The wheel listener is not passive (it keeps the page from scrolling while it zooms): it reads the latest view.
  const latest = useRef({ view, count, key, scene });
  useEffect(() => {
    latest.current = { view, count, key, scene };
  });
  useEffect(() => {
    const element = plotRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const { view: current, count: n, key: k, scene: s } = latest.current;
      if (n === 0) return;
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? s.right : 1;
      const dx = event.deltaX * unit;
      const dy = event.deltaY * unit;
      const rect = element.getBoundingClientRect();
      const anchor = current.from + (event.clientX - rect.left) / s.spacing;
      const next =
        Math.abs(dx) > Math.abs(dy)
          ? panView(current, dx / s.spacing, n)
          : zoomView(current, Math.exp(dy * WHEEL_ZOOM), anchor, n);
      // At a limit the wheel scrolls the page as usual.
      if (next.from === current.from && next.to === current.to) return;
      event.preventDefault();
      setViewState({ key: k, count: n, view: next });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [plotRef]);

  const local = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const pick = (event: ReactPointerEvent<HTMLDivElement>) => {
    const { x, y } = local(event);
    const index = indexAt(view, 0, scene.right, x, count);
    setPicked(index < 0 ? null : { index, y: y < scene.timeAxisTop ? y : null, byKeyboard: false });
  };
  const startGesture = (element: HTMLDivElement) => {
    const points = [...pointers.current.values()];
    const rect = element.getBoundingClientRect();
    if (points.length === 1) {
      gesture.current = { kind: 'pan', x: points[0]!.x, view, spacing: scene.spacing };
    } else if (points.length >= 2) {
      const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
      gesture.current = {
        kind: 'pinch',
        distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
        anchor: view.from + ((a.x + b.x) / 2 - rect.left) / scene.spacing,
        view,
      };
    } else gesture.current = null;
    setDragging(gesture.current !== null);
  };
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    startGesture(event.currentTarget);
    pick(event);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const active = gesture.current;
    if (pointers.current.has(event.pointerId) && active) {
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const points = [...pointers.current.values()];
      if (active.kind === 'pan' && points.length === 1) {
        setView(panView(active.view, -(event.clientX - active.x) / active.spacing, count));
      } else if (active.kind === 'pinch' && points.length >= 2) {
        const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
        const distance = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
        setView(zoomView(active.view, active.distance / distance, active.anchor, count));
      }
    }
    pick(event);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    startGesture(event.currentTarget);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    if (event.key === 'Escape') {
      setPicked(null);
      return;
    }
    if (event.key === '+' || event.key === '=' || event.key === '-') {
      event.preventDefault();
      const anchor = readoutIndex(picked?.index ?? null, count) + 0.5;
      setView(zoomView(view, event.key === '-' ? KEY_ZOOM : 1 / KEY_ZOOM, anchor, count));
      return;
    }
    const next = stepIndex(event.key, picked?.index ?? null, count);
    if (next === null) return;
    event.preventDefault();
    setPicked({ index: next, y: null, byKeyboard: true });
    const revealed = revealIndex(view, next, count);
    if (revealed !== view) setView(revealed);
  };

  const readout = candleReadout(candles, readoutIndex(picked?.index ?? null, count));
  const intraday = candles[0] !== undefined && !isDailyTime(candles[0].time);
  const summary = rangeSummary(candles, scene.range);
  const name =
    summary && summarize
      ? `${label}: ${summarize({
          from: summary.from,
          to: summary.to,
          low: price(summary.low),
          high: price(summary.high),
          close: price(summary.close),
        })}`
      : label;
  const readoutPairs = readout && readoutLabels ? readoutItems(readout.candle, readoutLabels) : [];
  /** The picture and the crosshair are two SVG layers, one over the other. */
  const layer = {
    width,
    height,
    'aria-hidden': true,
    focusable: 'false',
    className: 'absolute inset-0 block',
  } as const;

  return (
    <div className="grid gap-1">
      {readout && readoutLabels ? (
        <div
          id={`${id}-readout`}
          className="flex min-h-5 flex-wrap gap-x-3 gap-y-0.5 text-xs tabular-nums text-muted-foreground"
          data-testid="candle-readout"
        >
          <span className="font-medium text-foreground">
            {formatCandleTime(readout.candle.time, intraday)}
          </span>
          {/* 'contents': the pairs flow in the row above; a <dl> holds only its dt/dd groups. */}
          <dl className="contents">
            {readoutPairs.slice(0, 4).map(([term, value]) => (
              <div key={term} className="inline-flex gap-1">
                <dt>{term}</dt>
                <dd className="text-foreground">{value}</dd>
              </div>
            ))}
            <div className={cn('inline-flex gap-1', changeColorClass(readout.changePercent))}>
              <dd>{formatChange(readout.changePercent)}</dd>
            </div>
            {readoutPairs.slice(4).map(([term, value]) => (
              <div key={term} className="inline-flex gap-1">
                <dt>{term}</dt>
                <dd className="text-foreground">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {/* What the arrow keys picked, said once (pointer moves stay silent). */}
      <div className="sr-only" aria-live="polite" data-testid="candle-announcement">
        {picked?.byKeyboard && readout
          ? [
              formatCandleTime(readout.candle.time, intraday),
              ...readoutPairs.map(([term, value]) => `${term} ${value}`),
              formatChange(readout.changePercent),
            ].join(', ')
          : ''}
      </div>
      <div
        ref={plotRef}
        role="group"
        aria-label={label}
        aria-describedby={readoutLabels ? `${id}-readout` : undefined}
        tabIndex={0}
        style={{ height, touchAction: 'pan-y' }}
        className={cn(
          'relative w-full select-none rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
          dragging ? 'cursor-grabbing' : 'cursor-crosshair',
        )}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse' && !gesture.current) setPicked(null);
        }}
        onDoubleClick={() => setViewState(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setPicked((current) => (current?.byKeyboard ? null : current))}
      >
        <div
          role="img"
          aria-label={name}
          data-testid="candle-chart"
          data-candles={Math.max(0, scene.range[1] - scene.range[0] + 1)}
          data-type={settings.type}
          data-indicators={
            indicators
              ? [
                  ...indicators.overlays.map((o) => o.id),
                  ...(settings.volume ? ['volume'] : []),
                  ...(indicators.rsi ? ['rsi'] : []),
                  ...(indicators.macd ? ['macd'] : []),
                ].join(' ')
              : ''
          }
          data-first-values={
            indicators
              ? indicators.overlays
                  .map((o) => `${o.id}:${o.values[0] === null || o.values[0] === undefined ? '-' : 'y'}`)
                  .join(' ')
              : ''
          }
          className="relative h-full w-full"
        >
          {width > 0 ? (
            <>
              {/* Its own layer: a crosshair move repaints the overlay, not the candles. */}
              <svg {...layer} style={{ willChange: 'transform' }}>
                <CandleLayers
                  scene={scene}
                  colors={colors}
                  last={candles[count - 1]}
                  lastRsi={indicators?.rsi?.[count - 1] ?? null}
                  clipId={id}
                />
              </svg>
              <svg {...layer}>
                {picked ? (
                  <Crosshair
                    scene={scene}
                    colors={colors}
                    picked={picked}
                    time={candles[picked.index]?.time}
                  />
                ) : null}
              </svg>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The readout's term/value pairs: open, high, low, close, volume. */
function readoutItems(candle: Candle, labels: ReadoutLabels): [string, string][] {
  return [
    [labels.open, price(candle.open)],
    [labels.high, price(candle.high)],
    [labels.low, price(candle.low)],
    [labels.close, price(candle.close)],
    [labels.volume, formatCompact(candle.volume)],
  ];
}

/** A label box on an axis: `text` centred in a `width` × LABEL_HEIGHT box at (x, centre y). */
function AxisLabel({
  x,
  y,
  width,
  text,
  fill,
  color,
  ...data
}: {
  x: number;
  y: number;
  width: number;
  text: string;
  fill: string;
  color: string;
} & Record<`data-${string}`, string>) {
  return (
    <g {...data}>
      <rect x={x} y={y - LABEL_HEIGHT / 2} width={width} height={LABEL_HEIGHT} rx={2} fill={fill} />
      <text x={x + width / 2} y={y} dy="0.34em" textAnchor="middle" fontSize={TICK_FONT} fill={color}>
        {text}
      </text>
    </g>
  );
}

/** `y` kept inside [top, bottom] by half a label, so an axis label never leaves its pane. */
function within(y: number, top: number, bottom: number): number {
  return Math.min(bottom - LABEL_HEIGHT / 2, Math.max(top + LABEL_HEIGHT / 2, y));
}

/**
 * Grid, axes, volume, candles, moving averages, RSI and the latest values: everything but the crosshair. Memoised,
 * so a pointer move redraws only the crosshair.
 */
const CandleLayers = memo(function CandleLayers({
  scene,
  colors,
  last,
  lastRsi,
  clipId,
}: {
  scene: CandleScene;
  colors: ChartColors;
  last: Candle | undefined;
  lastRsi: number | null;
  clipId: string;
}) {
  const { right, price: pricePane, rsi: rsiPane, macd: macdPane } = scene;
  const lowerPanes = [rsiPane, macdPane].filter((pane): pane is NonNullable<typeof pane> => pane !== null);
  const grid = withAlpha(colors.border, 0.5);
  const lastColor = last && last.close < last.open ? colors.down : colors.up;
  const lastY = last ? pricePane.y(last.close) : null;
  const rsiY = rsiPane && lastRsi !== null ? rsiPane.y(lastRsi) : null;
  return (
    <>
      <defs>
        <clipPath id={`${clipId}-price`}>
          <rect x={0} y={pricePane.top} width={right} height={pricePane.bottom - pricePane.top} />
        </clipPath>
        {rsiPane ? (
          <clipPath id={`${clipId}-rsi`}>
            <rect x={0} y={rsiPane.top} width={right} height={rsiPane.bottom - rsiPane.top} />
          </clipPath>
        ) : null}
        {macdPane ? (
          <clipPath id={`${clipId}-macd`}>
            <rect x={0} y={macdPane.top} width={right} height={macdPane.bottom - macdPane.top} />
          </clipPath>
        ) : null}
      </defs>
      {scene.timeTicks.map((tick) => (
        <line
          key={`v${tick.index}`}
          x1={tick.x}
          x2={tick.x}
          y1={0}
          y2={scene.timeAxisTop}
          stroke={grid}
          shapeRendering="crispEdges"
        />
      ))}
      {[pricePane, ...lowerPanes].flatMap((pane, p) =>
        pane.ticks.map((tick) => (
          <line
            key={`h${p}-${tick}`}
            x1={0}
            x2={right}
            y1={pane.y(tick)}
            y2={pane.y(tick)}
            stroke={grid}
            shapeRendering="crispEdges"
          />
        )),
      )}
      {lowerPanes.map((pane) => (
        <line
          key={`sep${pane.top}`}
          x1={0}
          x2={right + scene.axisWidth}
          y1={pane.top - 0.5}
          y2={pane.top - 0.5}
          stroke={colors.border}
        />
      ))}
      <g clipPath={`url(#${clipId}-price)`}>
        <path d={scene.volume.up} fill={withAlpha(colors.up, 0.35)} data-chart-volume="up" />
        <path d={scene.volume.down} fill={withAlpha(colors.down, 0.35)} data-chart-volume="down" />
        <path d={scene.candles.up} fill={colors.up} data-chart-candles="up" />
        <path d={scene.candles.down} fill={colors.down} data-chart-candles="down" />
        {scene.closeLine ? (
          <path
            d={scene.closeLine}
            fill="none"
            stroke={colors.foreground}
            strokeWidth={2}
            data-chart-line="close"
          />
        ) : null}
        {scene.overlays.map((overlay) => (
          <path
            key={overlay.id}
            d={overlay.d}
            fill="none"
            stroke={overlay.color}
            strokeWidth={overlay.id.startsWith('bb-') ? 1.5 : 2}
            strokeDasharray={overlay.id === 'bb-middle' ? '4 3' : undefined}
            data-chart-line={overlay.id}
          />
        ))}
        {lastY !== null ? (
          <line x1={0} x2={right} y1={lastY} y2={lastY} stroke={lastColor} strokeDasharray="1 3" />
        ) : null}
      </g>
      {rsiPane ? (
        <g clipPath={`url(#${clipId}-rsi)`}>
          {[70, 30].map((level) => (
            <line
              key={level}
              x1={0}
              x2={right}
              y1={rsiPane.y(level)}
              y2={rsiPane.y(level)}
              stroke="rgba(128, 128, 128, 0.6)"
              strokeDasharray="4 4"
            />
          ))}
          <path d={scene.lines.rsi} fill="none" stroke={RSI_COLOR} strokeWidth={2} data-chart-line="rsi" />
        </g>
      ) : null}
      {lowerPanes.map((pane) => (
        <text
          key={`name${pane.top}`}
          x={6}
          y={pane.top + 13}
          fontSize={11}
          fill={colors.muted}
          data-chart-pane={pane === rsiPane ? 'rsi' : 'macd'}
        >
          {pane === rsiPane ? 'RSI 14' : 'MACD 12, 26, 9'}
        </text>
      ))}
      {macdPane ? (
        <g clipPath={`url(#${clipId}-macd)`}>
          <line
            x1={0}
            x2={right}
            y1={macdPane.y(0)}
            y2={macdPane.y(0)}
            stroke="rgba(128, 128, 128, 0.6)"
            strokeDasharray="4 4"
          />
          <path d={scene.histogram.up} fill={withAlpha(colors.up, 0.6)} data-chart-histogram="up" />
          <path d={scene.histogram.down} fill={withAlpha(colors.down, 0.6)} data-chart-histogram="down" />
          <path
            d={scene.lines.macd}
            fill="none"
            stroke={MACD_COLOR}
            strokeWidth={1.5}
            data-chart-line="macd"
          />
          <path
            d={scene.lines.signal}
            fill="none"
            stroke={SIGNAL_COLOR}
            strokeWidth={1.5}
            data-chart-line="signal"
          />
        </g>
      ) : null}
      {[pricePane, ...lowerPanes].flatMap((pane, p) =>
        pane.ticks.map((tick) => (
          <text
            key={`t${p}-${tick}`}
            x={right + 8}
            y={pane.y(tick)}
            dy="0.34em"
            fontSize={TICK_FONT}
            fill={colors.muted}
            data-chart-ytick=""
          >
            {price(tick)}
          </text>
        )),
      )}
      {scene.timeTicks.map((tick) => (
        <text
          key={`x${tick.index}`}
          x={tick.x}
          y={scene.timeAxisTop + 18}
          textAnchor="middle"
          fontSize={TICK_FONT}
          fontWeight={tick.weight <= 1 ? 600 : undefined}
          fill={colors.muted}
          data-chart-xtick=""
        >
          {tick.label}
        </text>
      ))}
      {last && lastY !== null ? (
        <AxisLabel
          x={right}
          y={within(lastY, pricePane.top, pricePane.bottom)}
          width={scene.axisWidth}
          text={price(last.close)}
          fill={lastColor}
          color={textOn(lastColor)}
          data-chart-last="price"
        />
      ) : null}
      {rsiPane && lastRsi !== null && rsiY !== null ? (
        <AxisLabel
          x={right}
          y={within(rsiY, rsiPane.top, rsiPane.bottom)}
          width={scene.axisWidth}
          text={formatNumber(lastRsi, 1)}
          fill={RSI_COLOR}
          color={textOn(RSI_COLOR)}
          data-chart-last="rsi"
        />
      ) : null}
    </>
  );
});

/** The crosshair on the picked candle: its line, the pointer's level and their labels on the axes. */
function Crosshair({
  scene,
  colors,
  picked,
  time,
}: {
  scene: CandleScene;
  colors: ChartColors;
  picked: Picked;
  time: string | undefined;
}) {
  const x = scene.x(picked.index);
  if (time === undefined || x < 0 || x > scene.right) return null;
  const pane = [scene.price, scene.rsi, scene.macd].find(
    (p) => p !== null && picked.y !== null && picked.y >= p.top && picked.y <= p.bottom,
  );
  const level = pane && picked.y !== null ? pane.value(picked.y) : null;
  const timeText = formatCandleTime(time, !isDailyTime(time));
  const timeWidth = timeText.length * 7 + 12;
  const timeX = Math.min(scene.right - timeWidth, Math.max(0, x - timeWidth / 2));
  return (
    <g pointerEvents="none" data-chart-crosshair="">
      <line x1={x} x2={x} y1={0} y2={scene.timeAxisTop} stroke={colors.muted} strokeDasharray="4 4" />
      {pane && picked.y !== null && level !== null ? (
        <>
          <line
            x1={0}
            x2={scene.right}
            y1={picked.y}
            y2={picked.y}
            stroke={colors.muted}
            strokeDasharray="4 4"
          />
          <AxisLabel
            x={scene.right}
            y={within(picked.y, pane.top, pane.bottom)}
            width={scene.axisWidth}
            text={
              pane === scene.rsi
                ? formatNumber(level, 1)
                : pane === scene.macd
                  ? formatNumber(level, 2)
                  : price(level)
            }
            fill={colors.foreground}
            color={colors.background}
          />
        </>
      ) : null}
      <AxisLabel
        x={timeX}
        y={scene.timeAxisTop + LABEL_HEIGHT / 2 + 4}
        width={timeWidth}
        text={timeText}
        fill={colors.foreground}
        color={colors.background}
        data-chart-time=""
      />
    </g>
  );
}
