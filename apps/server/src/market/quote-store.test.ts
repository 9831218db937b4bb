import { describe, expect, it } from 'vitest';
import type { Quote } from './market-data.ts';
import { QuoteStore } from './quote-store.ts';

function quote(symbol: string, priceTry: number, at = '2026-11-18T08:00:00Z'): Quote {
  return {
    symbol,
    priceTry,
    previousCloseTry: 100,
    openTry: 100,
    highTry: priceTry,
    lowTry: 100,
    changePercent: 0,
    volume: 1_000,
    turnoverTry: 100_000,
    date: '2026-11-18',
    updatedAt: new Date(at),
  };
}

describe('QuoteStore.adopt (a follower takes the feed owner’s quotes)', () => {
  it("moves to the owner's generation and tells the listeners only of the quotes that changed", () => {
    const store = new QuoteStore(() => undefined);
    const heard: string[][] = [];
    store.onQuotes((quotes) => heard.push(quotes.map((q) => q.symbol)));
    store.adopt([quote('THYAO', 300), quote('GARAN', 120)], 41);
    expect(store.generation).toBe(41);
    expect(store.get('THYAO')?.priceTry).toBe(300);
    store.adopt([quote('THYAO', 301, '2026-11-18T08:00:05Z'), quote('GARAN', 120)], 42);
    expect(store.generation).toBe(42);
    expect(heard).toEqual([['THYAO', 'GARAN'], ['THYAO']]);
  });

  it('never goes back in generation, and ignores what it already has', () => {
    const store = new QuoteStore(() => undefined);
    store.publish([quote('THYAO', 300)]);
    store.publish([quote('THYAO', 301)]);
    store.publish([quote('THYAO', 302)]);
    expect(store.generation).toBe(3);
    // Its own quotes, published while it owned the feed: nothing to do.
    store.adopt([quote('THYAO', 302)], 3);
    expect(store.generation).toBe(3);
    // A new owner that is behind: the generation still moves forward, so caches keyed by it stay right.
    store.adopt([quote('THYAO', 303)], 2);
    expect(store.generation).toBe(4);
    expect(store.get('THYAO')?.priceTry).toBe(303);
  });
});
