// Borsa Istanbul equity market rules: tick sizes (since 2023-11-06), the daily price band, lot size.
// Prices are handled in integer kuruş (1/100 TRY) internally: every tick is a whole number of kuruş, so rounding
// never leaves floating-point junk such as 12.299999.

/** One lot is one share (1 TRY nominal) on Borsa Istanbul. */
export const LOT_SIZE_SHARES = 1;

/** Empirically binding daily limit around the previous close (see data/README §5). */
export const DEFAULT_PRICE_BAND_FRACTION = 0.1;

/** Removes binary noise (e.g. 12.3 × 100 = 1229.9999999999998) before integer rounding. */
function toKurus(priceTry: number): number {
  return Math.round(priceTry * 1e8) / 1e6;
}

/** Tick in kuruş for a price in kuruş; tier boundaries (inclusive lower bounds) are multiples of both ticks. */
function tickKurusForKurus(kurus: number): number {
  if (kurus < 2_000) return 1;
  if (kurus < 5_000) return 2;
  if (kurus < 10_000) return 5;
  if (kurus < 25_000) return 10;
  if (kurus < 50_000) return 25;
  if (kurus < 100_000) return 50;
  if (kurus < 250_000) return 100;
  return 250;
}

/** Tick size in TRY for a price: 0.01 below 20, 0.02 to 50, 0.05 to 100, 0.10 to 250, 0.25 to 500, 0.50 to 1,000, 1 to 2,500, else 2.50 (lower bound inclusive). */
export function tickSizeTry(priceTry: number): number {
  return tickKurusForKurus(toKurus(priceTry)) / 100;
}

/** How `roundToTick` resolves a price between two ticks. */
export type TickRoundingMode = 'nearest' | 'down' | 'up';

/** Rounds a price onto the tick grid of its tier (nearest/down/up); result is k·tick exactly as a decimal, never below one tick. */
export function roundToTick(priceTry: number, mode: TickRoundingMode = 'nearest'): number {
  if (!Number.isFinite(priceTry)) throw new RangeError(`price must be finite, got ${priceTry}`);
  const kurus = toKurus(priceTry);
  const tick = tickKurusForKurus(kurus);
  const steps = kurus / tick;
  const rounded = mode === 'down' ? Math.floor(steps) : mode === 'up' ? Math.ceil(steps) : Math.round(steps);
  return Math.max(1, rounded * tick) / 100;
}

/** True when the price is a whole number of ticks of its own tier (to 1e-6 kuruş). */
export function isOnTick(priceTry: number): boolean {
  if (!Number.isFinite(priceTry) || priceTry <= 0) return false;
  const kurus = toKurus(priceTry);
  const steps = kurus / tickKurusForKurus(kurus);
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** Daily price limits around a base price. */
export interface PriceBand {
  lowerTry: number;
  upperTry: number;
}

/** Band [prev·(1−b), prev·(1+b)] rounded inward to ticks (lower up, upper down); lower ≥ one tick. */
export function priceBand(previousCloseTry: number, bandFraction = DEFAULT_PRICE_BAND_FRACTION): PriceBand {
  if (!(previousCloseTry > 0))
    throw new RangeError(`previous close must be positive, got ${previousCloseTry}`);
  return {
    lowerTry: roundToTick(previousCloseTry * (1 - bandFraction), 'up'),
    upperTry: roundToTick(previousCloseTry * (1 + bandFraction), 'down'),
  };
}

/** Clamps a price into the band around the previous close and rounds it to the nearest tick; result ∈ [lower, upper]. */
export function clampToBand(
  priceTry: number,
  previousCloseTry: number,
  bandFraction = DEFAULT_PRICE_BAND_FRACTION,
): number {
  const { lowerTry, upperTry } = priceBand(previousCloseTry, bandFraction);
  return roundToTick(Math.min(upperTry, Math.max(lowerTry, priceTry)), 'nearest');
}
