import type { MarketData } from './market-data.ts';

/** No market data (before the engine starts). */
export class EmptyMarketData implements MarketData {
  readonly generation = 0;
  hasStock(): boolean {
    return false;
  }
  stock() {
    return undefined;
  }
  quote() {
    return undefined;
  }
  async dailyCloses() {
    return [];
  }
  async dailyClosesMany() {
    return new Map();
  }
  onQuotes() {
    return () => undefined;
  }
}
