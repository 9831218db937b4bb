// Deterministic BIST simulator calibrated on real_daily (see README "Calibration").
//
// Daily log return of stock i on day t (before the band):
//   r_it = φ·r_i,t−1 + β_i·m_t + γ_i·s_sector(i),t + e_it + μ + κ·(ln A_i − ln P_i,t−1)
// m (market), s (one per sector) and e (idiosyncratic) are independent GARCH(1,1) processes with unit-variance
// Student-t innovations (fat tails, volatility clustering), each scaled by a slow log-normal volatility regime.
// φ gives the small positive lag-1 autocorrelation real BIST data shows; μ offsets the band's log asymmetry; κ is a
// weak pull towards the anchor price A_i (the real last close, or a drawn level) so price levels stay realistic over
// years without trend. The close is Pprev·e^r clamped to the ±10 % band and rounded to the tick.
//
// Every random draw comes from a stream keyed by (seed, purpose, symbol/sector), consumed one day at a time in date
// order, so the same seed gives the same bars and generating further later (catch-up after downtime) reproduces
// every earlier bar exactly. Adding or removing a stock does not change the other stocks' parameters or shocks.
import { istanbulDate, isTradingDay, nextTradingDay, previousTradingDay } from './calendar.ts';
import { REAL_STOCK_REFERENCES } from './data/real-reference.ts';
import { HEADLINE_INDEX_MEMBERS } from './data/index-catalogue.ts';
import { createPrng, type Prng } from './prng.ts';
import { DEFAULT_PRICE_BAND_FRACTION, roundToTick } from './rules.ts';
import type { DailyBar, RealStockReference, Stock } from './types.ts';
import { STOCKS } from './universe.ts';
import { buildIntradayPath, type IntradayPath, type IntradaySnapshot } from './intraday.ts';

/** Model constants, exported so the README and tests can quote them. */
export const SIMULATOR_CONSTANTS = {
  /** AR(1) coefficient of daily returns; the band and the anchor pull bring the measured lag-1 autocorrelation to ≈ 0.07 (real median 0.073). */
  returnAutocorrelation: 0.09,
  /**
   * Drift of ln P per day. The ±10 % band is asymmetric in log terms (ln 1.1 = 0.095 < −ln 0.9 = 0.105); with ≈ 2.5 %
   * of stock-days at a limit that costs ≈ 0.014 % a day, which this drift offsets.
   */
  logDriftPerDay: 0.00015,
  /** Daily pull of ln P towards ln(anchor): half-life ln 2 / κ ≈ 90 trading days. */
  anchorPullPerDay: 0.008,
  /** Market factor: unconditional daily sd, GARCH α, GARCH β, Student-t ν. */
  market: { sd: 0.0195, alpha: 0.1, beta: 0.86, nu: 4.5 },
  /** Sector factors. */
  sector: { sd: 0.012, alpha: 0.08, beta: 0.88, nu: 6 },
  /** Idiosyncratic terms (sd per stock = what the stock's total sd leaves after the factors). */
  idiosyncratic: { alpha: 0.15, beta: 0.82, nu: 5 },
  /**
   * Slow volatility regimes (calm years, stressed years) on top of GARCH: ln-multiplier AR(1) with this persistence
   * and stationary sd, one for the market factor and one per stock; E[multiplier²] = 1 so variances are unchanged.
   */
  volRegime: { persistence: 0.99, marketLogSd: 0.15, stockLogSd: 0.45 },
  /**
   * Model sd = target sd × this factor: the ±10 % band, tick rounding and the skewed sampling distribution of a
   * heavy-tailed GARCH variance make the measured sd come out below the model's unconditional sd.
   */
  sdInflation: 1.12,
  /** Wick scale k: high = max(O, C)·(1 + k·σ·Exp(1)), low = min(O, C)/(1 + k·σ·Exp(1)) (real median range 3.5 %). */
  wickScale: 0.38,
  /** Open gap: share of the day's return realised at the open, and noise in units of σ. */
  openReturnShare: 0.3,
  openNoiseSd: 0.25,
  /** Turnover: log-sd of the daily noise, AR(1) persistence of the volume regime, loading on |r|/σ. */
  turnoverNoiseLogSd: 0.35,
  turnoverRegimePersistence: 0.8,
  turnoverRegimeLogSd: 0.3,
  turnoverAbsReturnLoading: 0.45,
  /** Total simulated market capitalisation on the anchors, TRY (BIST ≈ 15–20 trillion TRY in 2026). */
  targetTotalMarketCapTry: 16.5e12,
} as const;

/** Per-stock parameters, drawn once from (seed, symbol) or anchored to the real reference figures. */
export interface StockModel {
  symbol: string;
  sector: string;
  /** True when the figures come from the stock's real bars; false when drawn from the real cross-section. */
  anchoredToReal: boolean;
  /** Price level the simulated price is weakly pulled towards (real last close when anchored). */
  anchorPriceTry: number;
  /** Target unconditional sd of daily log returns. */
  dailyLogReturnSd: number;
  marketBeta: number;
  sectorGamma: number;
  idiosyncraticSd: number;
  /** Median daily turnover (close × volume) the volume model is centred on. */
  baseTurnoverTry: number;
  /** Simulated shares outstanding (not real figures): anchor price × shares = simulated market cap. */
  sharesOutstanding: number;
}

/** One simulated bar with its symbol. */
export interface SimulatedBar extends DailyBar {
  symbol: string;
}

/** All stocks' bars of one trading day, in the simulator's stock order. */
export interface SimulatedDay {
  date: string;
  bars: readonly SimulatedBar[];
}

export interface SimulatorOptions {
  seed: number | string;
  /** First trading day to simulate (moved forward to a trading day if needed). */
  startDate: string;
  /** Universe to simulate; defaults to all 596 STOCKS. */
  stocks?: readonly Stock[];
  /** Real anchors; defaults to REAL_STOCK_REFERENCES (150 stocks). */
  references?: readonly RealStockReference[];
}

/** A running simulation; generates lazily and caches, so repeated or extended calls are cheap and consistent. */
export interface Simulator {
  readonly seed: number | string;
  readonly startDate: string;
  readonly models: readonly StockModel[];
  /** Bars of every trading day from startDate through untilDate (inclusive), generating what is missing. */
  dailyBars(untilDate: string): readonly SimulatedDay[];
  /** One stock's bars from startDate through untilDate. Throws for an unknown symbol. */
  barsOf(symbol: string, untilDate: string): readonly DailyBar[];
  /** The bar of one stock on one trading day, or undefined before startDate or on a closed day. */
  barOn(symbol: string, date: string): DailyBar | undefined;
  /** Close before the given date (the base of that day's band); the anchor price before the first day. */
  previousCloseTry(symbol: string, date: string): number;
  /** Deterministic intraday path of a trading day whose open/high/low/close equal that day's daily bar. */
  intradayPath(symbol: string, date: string): IntradayPath;
  /**
   * Live quote at an instant: during a session the intraday path so far; before the open the previous close; on a
   * closed day (weekend, holiday) the last session's final state. `sessionDate` is the session the quote belongs to.
   */
  quoteAt(symbol: string, instant: Date): SimulatedQuote;
  /** Model of a symbol, or undefined when it is not simulated. */
  modelOf(symbol: string): StockModel | undefined;
}

/** A quote from `Simulator.quoteAt`. */
export interface SimulatedQuote extends IntradaySnapshot {
  symbol: string;
  /** Trading day the quote belongs to (the last one on closed days); undefined before the simulation starts. */
  sessionDate: string | undefined;
  /** Base of the session's band and of its daily change. */
  previousCloseTry: number;
}

interface GarchState {
  variance: number;
  shock: number;
}
interface GarchParams {
  omega: number;
  alpha: number;
  beta: number;
  nu: number;
}

function garchParams(sd: number, alpha: number, beta: number, nu: number): GarchParams {
  return { omega: sd * sd * (1 - alpha - beta), alpha, beta, nu };
}

/** h_t = ω + α·ε²_{t−1} + β·h_{t−1}; ε_t = √h_t · z_t with z unit-variance Student-t. Returns ε_t. */
function garchStep(state: GarchState, params: GarchParams, rng: Prng): number {
  state.variance = params.omega + params.alpha * state.shock * state.shock + params.beta * state.variance;
  state.shock = Math.sqrt(state.variance) * rng.studentT(params.nu);
  return state.shock;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Draws or anchors one stock's parameters; depends only on (seed, symbol, sector, reference). */
export function stockModelFor(
  seed: number | string,
  stock: Stock,
  reference: RealStockReference | undefined,
  isXu100Member: boolean,
  isXu030Member: boolean,
): Omit<StockModel, 'sharesOutstanding'> & { rawCapTry: number } {
  const rng = createPrng(seed, 'params', stock.symbol);
  const c = SIMULATOR_CONSTANTS;
  // Draw everything first so the stream position does not depend on whether the stock is anchored.
  const drawnPriceTry = Math.exp(Math.log(38) + 1.75 * rng.normal());
  const drawnSd = Math.exp(Math.log(0.033) + 0.18 * rng.normal());
  const drawnBeta = 0.8 + 0.2 * rng.normal();
  const sectorGamma = 0.6 + 0.6 * rng.uniform();
  const drawnTurnoverTry = Math.exp(Math.log(isXu100Member ? 400e6 : 35e6) + 1.0 * rng.normal());
  // Daily turnover velocity (turnover / market cap), ≈ 1 %: the most traded names turn over a larger share of their
  // value (THYAO ≈ 2.5 %), so velocity grows with turnover^0.25; noise is smaller for the blue chips.
  const velocityNoise = Math.exp((isXu030Member ? 0.2 : 0.45) * rng.normal());

  const usable = reference !== undefined && reference.cleanReturnDays >= 60 && reference.lastCloseTry > 0;
  const anchorPriceTry = roundToTick(usable ? reference.lastCloseTry : clamp(drawnPriceTry, 0.8, 3000));
  const dailyLogReturnSd = clamp(usable ? reference.dailyLogReturnSd : drawnSd, 0.015, 0.06);
  let marketBeta = clamp(
    usable && Number.isFinite(reference.betaToXu100) ? reference.betaToXu100 : drawnBeta,
    0.25,
    1.4,
  );
  const sectorVariance = (sectorGamma * c.sector.sd) ** 2;
  // The factors may not explain more than 80 % of the stock's variance; shrink beta if they would.
  const maxFactorVariance = 0.8 * dailyLogReturnSd ** 2;
  if ((marketBeta * c.market.sd) ** 2 + sectorVariance > maxFactorVariance) {
    marketBeta = Math.sqrt(Math.max(0, maxFactorVariance - sectorVariance)) / c.market.sd;
  }
  const modelVariance = (dailyLogReturnSd * c.sdInflation) ** 2;
  const idiosyncraticSd = Math.sqrt(
    Math.max(modelVariance - (marketBeta * c.market.sd) ** 2 - sectorVariance, 0.2 * modelVariance),
  );
  const baseTurnoverTry =
    usable && reference.medianTurnoverTry > 0 ? reference.medianTurnoverTry : drawnTurnoverTry;
  return {
    symbol: stock.symbol,
    sector: stock.sector,
    anchoredToReal: usable,
    anchorPriceTry,
    dailyLogReturnSd,
    marketBeta,
    sectorGamma,
    idiosyncraticSd,
    baseTurnoverTry,
    rawCapTry: baseTurnoverTry / (0.01 * (baseTurnoverTry / 200e6) ** 0.25 * velocityNoise),
  };
}

/** Builds per-stock models; shares outstanding scale the turnover-implied caps to the target total market cap. */
export function buildStockModels(
  seed: number | string,
  stocks: readonly Stock[] = STOCKS,
  references: readonly RealStockReference[] = REAL_STOCK_REFERENCES,
): StockModel[] {
  const referenceMap = new Map(references.map((r) => [r.symbol, r]));
  const xu100 = new Set<string>(HEADLINE_INDEX_MEMBERS.XU100);
  const xu030 = new Set<string>(HEADLINE_INDEX_MEMBERS.XU030);
  const raw = stocks.map((s) =>
    stockModelFor(seed, s, referenceMap.get(s.symbol), xu100.has(s.symbol), xu030.has(s.symbol)),
  );
  // The scale is computed over the full universe (not the given subset) so a stock's shares never depend on which
  // other stocks are simulated.
  const capScale = universeCapScale(seed, referenceMap);
  return raw.map(({ rawCapTry, ...model }) => ({
    ...model,
    sharesOutstanding: Math.max(1_000_000, Math.round((rawCapTry * capScale) / model.anchorPriceTry)),
  }));
}

const capScaleCache = new Map<string, number>();
function universeCapScale(
  seed: number | string,
  referenceMap: ReadonlyMap<string, RealStockReference>,
): number {
  const key = `${typeof seed}:${String(seed)}:${referenceMap.size}`;
  const cached = capScaleCache.get(key);
  if (cached !== undefined) return cached;
  const xu100 = new Set<string>(HEADLINE_INDEX_MEMBERS.XU100);
  const xu030 = new Set<string>(HEADLINE_INDEX_MEMBERS.XU030);
  let total = 0;
  for (const s of STOCKS) {
    total += stockModelFor(
      seed,
      s,
      referenceMap.get(s.symbol),
      xu100.has(s.symbol),
      xu030.has(s.symbol),
    ).rawCapTry;
  }
  const scale = SIMULATOR_CONSTANTS.targetTotalMarketCapTry / total;
  capScaleCache.set(key, scale);
  return scale;
}

interface StockState {
  model: StockModel;
  rng: Prng;
  closeTry: number;
  logClose: number;
  logAnchorPrice: number;
  previousLogReturn: number;
  idiosyncratic: GarchState;
  idiosyncraticParams: GarchParams;
  turnoverRegime: number;
  volRegime: number;
  sectorIndex: number;
  bars: SimulatedBar[];
}

/** Creates a simulator; nothing is generated until bars are requested. */
export function createSimulator(options: SimulatorOptions): Simulator {
  const { seed } = options;
  const stocks = options.stocks ?? STOCKS;
  const models = buildStockModels(seed, stocks, options.references ?? REAL_STOCK_REFERENCES);
  const c = SIMULATOR_CONSTANTS;
  const startDate = isTradingDay(options.startDate) ? options.startDate : nextTradingDay(options.startDate);

  const marketParams = garchParams(c.market.sd, c.market.alpha, c.market.beta, c.market.nu);
  const marketState: GarchState = { variance: c.market.sd ** 2, shock: 0 };
  const marketRng = createPrng(seed, 'market');
  const regime = c.volRegime;
  const regimeInnovationScale = Math.sqrt(1 - regime.persistence ** 2);
  const turnoverInnovationSd = Math.sqrt(1 - c.turnoverRegimePersistence ** 2) * c.turnoverRegimeLogSd;
  let marketVolRegime = 0;
  /** exp(v − s²) keeps E[multiplier²] = 1 for v ~ N(0, s²). */
  const regimeMultiplier = (v: number, logSd: number) => Math.exp(v - logSd * logSd);
  const sectorNames = [...new Set(models.map((m) => m.sector))].sort();
  const sectorParams = garchParams(c.sector.sd, c.sector.alpha, c.sector.beta, c.sector.nu);
  const sectors = sectorNames.map((name) => ({
    rng: createPrng(seed, 'sector', name),
    state: { variance: c.sector.sd ** 2, shock: 0 },
  }));
  const sectorIndexByName = new Map(sectorNames.map((name, i) => [name, i]));
  const states: StockState[] = models.map((model) => ({
    model,
    rng: createPrng(seed, 'daily', model.symbol),
    closeTry: model.anchorPriceTry,
    logClose: Math.log(model.anchorPriceTry),
    logAnchorPrice: Math.log(model.anchorPriceTry),
    previousLogReturn: 0,
    idiosyncratic: { variance: model.idiosyncraticSd ** 2, shock: 0 },
    idiosyncraticParams: garchParams(
      model.idiosyncraticSd,
      c.idiosyncratic.alpha,
      c.idiosyncratic.beta,
      c.idiosyncratic.nu,
    ),
    turnoverRegime: 0,
    volRegime: 0,
    sectorIndex: sectorIndexByName.get(model.sector) ?? 0,
    bars: [],
  }));
  const stateBySymbol = new Map(states.map((s) => [s.model.symbol, s]));
  const days: SimulatedDay[] = [];
  const dayIndexByDate = new Map<string, number>();

  function generateDay(date: string): void {
    marketVolRegime =
      regime.persistence * marketVolRegime + regimeInnovationScale * regime.marketLogSd * marketRng.normal();
    const marketMultiplier = regimeMultiplier(marketVolRegime, regime.marketLogSd);
    const marketShock = marketMultiplier * garchStep(marketState, marketParams, marketRng);
    const marketSd = marketMultiplier * Math.sqrt(marketState.variance);
    const sectorShocks = sectors.map((s) => garchStep(s.state, sectorParams, s.rng));
    const bars: SimulatedBar[] = [];
    for (const st of states) {
      const { model, rng } = st;
      const sector = sectors[st.sectorIndex];
      const sectorShock = sectorShocks[st.sectorIndex] ?? 0;
      st.volRegime =
        regime.persistence * st.volRegime + regimeInnovationScale * regime.stockLogSd * rng.normal();
      const idioMultiplier = regimeMultiplier(st.volRegime, regime.stockLogSd);
      const idioShock = idioMultiplier * garchStep(st.idiosyncratic, st.idiosyncraticParams, rng);
      const previousClose = st.closeTry;
      const logReturn =
        c.returnAutocorrelation * st.previousLogReturn +
        model.marketBeta * marketShock +
        model.sectorGamma * sectorShock +
        idioShock +
        c.logDriftPerDay +
        c.anchorPullPerDay * (st.logAnchorPrice - st.logClose);
      // Same as priceBand(previousClose), without allocating an object per stock-day.
      const lowerTry = roundToTick(previousClose * (1 - DEFAULT_PRICE_BAND_FRACTION), 'up');
      const upperTry = roundToTick(previousClose * (1 + DEFAULT_PRICE_BAND_FRACTION), 'down');
      const closeTry = roundToTick(clamp(previousClose * Math.exp(logReturn), lowerTry, upperTry));
      const logClose = Math.log(closeTry);
      const realised = logClose - st.logClose;
      // Conditional sd of the day: drives the open gap and the wicks.
      const marketPart = model.marketBeta * marketSd;
      const daySd = Math.sqrt(
        marketPart * marketPart +
          model.sectorGamma * model.sectorGamma * (sector?.state.variance ?? 0) +
          idioMultiplier * idioMultiplier * st.idiosyncratic.variance,
      );
      const openTry = roundToTick(
        clamp(
          previousClose * Math.exp(c.openReturnShare * realised + c.openNoiseSd * daySd * rng.normal()),
          lowerTry,
          upperTry,
        ),
      );
      const upWick = c.wickScale * daySd * -Math.log(1 - rng.uniform());
      const downWick = c.wickScale * daySd * -Math.log(1 - rng.uniform());
      const bodyHigh = openTry > closeTry ? openTry : closeTry;
      const bodyLow = openTry < closeTry ? openTry : closeTry;
      // Wicks are a few percent at most, so (1 + w) stands in for e^w (the wick law is a modelling choice anyway).
      const highTry = Math.min(upperTry, Math.max(bodyHigh, roundToTick(bodyHigh * (1 + upWick))));
      const lowTry = Math.max(lowerTry, Math.min(bodyLow, roundToTick(bodyLow / (1 + downWick))));
      st.turnoverRegime =
        c.turnoverRegimePersistence * st.turnoverRegime + turnoverInnovationSd * rng.normal();
      const turnoverTry =
        model.baseTurnoverTry *
        Math.exp(
          st.turnoverRegime +
            c.turnoverNoiseLogSd * rng.normal() +
            c.turnoverAbsReturnLoading * (Math.abs(realised) / model.dailyLogReturnSd - 0.67),
        );
      const volumeShares = Math.max(1, Math.round(turnoverTry / closeTry));
      st.previousLogReturn = realised;
      st.closeTry = closeTry;
      st.logClose = logClose;
      const bar: SimulatedBar = {
        symbol: model.symbol,
        date,
        openTry,
        highTry,
        lowTry,
        closeTry,
        volumeShares,
      };
      st.bars.push(bar);
      bars.push(bar);
    }
    dayIndexByDate.set(date, days.length);
    days.push({ date, bars });
  }

  function generateThrough(untilDate: string): void {
    let next = days.length === 0 ? startDate : nextTradingDay(days[days.length - 1]?.date ?? startDate);
    while (next <= untilDate) {
      generateDay(next);
      next = nextTradingDay(next);
    }
  }

  function stateOf(symbol: string): StockState {
    const st = stateBySymbol.get(symbol);
    if (!st) throw new RangeError(`symbol ${symbol} is not simulated`);
    return st;
  }

  function countThrough(untilDate: string): number {
    let n = days.length;
    while (n > 0 && (days[n - 1]?.date ?? '') > untilDate) n--;
    return n;
  }

  const intradayCache = new Map<string, IntradayPath>();

  const simulator: Simulator = {
    seed,
    startDate,
    models,
    dailyBars(untilDate) {
      generateThrough(untilDate);
      return days.slice(0, countThrough(untilDate));
    },
    barsOf(symbol, untilDate) {
      const st = stateOf(symbol);
      generateThrough(untilDate);
      return st.bars.slice(0, countThrough(untilDate));
    },
    barOn(symbol, date) {
      const st = stateOf(symbol);
      if (date < startDate || !isTradingDay(date)) return undefined;
      generateThrough(date);
      const index = dayIndexByDate.get(date);
      return index === undefined ? undefined : st.bars[index];
    },
    previousCloseTry(symbol, date) {
      const st = stateOf(symbol);
      if (date <= startDate) return st.model.anchorPriceTry;
      generateThrough(date);
      const n = countThrough(date);
      const lastIndex = days[n - 1]?.date === date ? n - 2 : n - 1;
      return lastIndex >= 0
        ? (st.bars[lastIndex]?.closeTry ?? st.model.anchorPriceTry)
        : st.model.anchorPriceTry;
    },
    intradayPath(symbol, date) {
      const key = `${symbol}|${date}`;
      const cached = intradayCache.get(key);
      if (cached) return cached;
      const bar = simulator.barOn(symbol, date);
      if (!bar) throw new RangeError(`${date} is not a simulated trading day`);
      const path = buildIntradayPath({
        seed,
        symbol,
        bar,
        previousCloseTry: simulator.previousCloseTry(symbol, date),
      });
      // A live server samples the current session (≈ 600 paths); the bound only stops unbounded growth.
      if (intradayCache.size >= 4_000) intradayCache.clear();
      intradayCache.set(key, path);
      return path;
    },
    quoteAt(symbol, instant) {
      const st = stateOf(symbol);
      const today = istanbulDate(instant);
      const sessionDate = isTradingDay(today) ? today : previousTradingDay(today);
      if (sessionDate < startDate) {
        const price = st.model.anchorPriceTry;
        return {
          symbol,
          sessionDate: undefined,
          previousCloseTry: price,
          priceTry: price,
          openTry: price,
          highTry: price,
          lowTry: price,
          volumeShares: 0,
        };
      }
      const path = simulator.intradayPath(symbol, sessionDate);
      return { symbol, sessionDate, previousCloseTry: path.previousCloseTry, ...path.snapshotAt(instant) };
    },
    modelOf: (symbol) => stateBySymbol.get(symbol)?.model,
  };
  return simulator;
}
