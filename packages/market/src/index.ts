// @bist/market: pure BIST market logic. No I/O, no clock, no randomness outside the seeded PRNG.
export * from './types.ts';
export * from './stats.ts';
export * from './rules.ts';
export * from './text.ts';
export * from './calendar.ts';
export * from './universe.ts';
export { REAL_CALIBRATION, REAL_STOCK_REFERENCES, REAL_XU100_REFERENCE } from './data/real-reference.ts';
export * from './prng.ts';
export * from './simulator.ts';
export * from './intraday.ts';
export * from './index-arithmetic.ts';
export * from './eod-csv.ts';
export * from './calibration.ts';
export * from './real-returns.ts';
