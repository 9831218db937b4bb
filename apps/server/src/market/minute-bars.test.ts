import { describe, expect, it } from 'vitest';
import type { Quote } from './market-data.ts';
import type { MarketRepository, StoredMinuteBar } from './market.repository.ts';
import { MinuteRecorder } from './minute-bars.ts';
import { QuoteStore } from './quote-store.ts';

const quote = (priceTry: number, volume: number): Quote => ({
  symbol: 'THYAO',
  priceTry,
  previousCloseTry: 300,
  openTry: 300,
  highTry: priceTry,
  lowTry: priceTry,
  changePercent: 0,
  volume,
  turnoverTry: 0,
  date: '2026-11-18',
  updatedAt: new Date('2026-11-18T07:30:00Z'),
});

describe('minute bars', () => {
  it('tells its listener of each minute once it is stored, not of the minute still being built', async () => {
    const written: StoredMinuteBar[][] = [];
    const repo = {
      upsertMinuteBars: async (rows: readonly StoredMinuteBar[]) => void written.push([...rows]),
    } as unknown as MarketRepository;
    const heard: { minute: string; stored: number }[] = [];
    const recorder = new MinuteRecorder(repo, (minute) =>
      heard.push({ minute: minute.toISOString(), stored: written.length }),
    );
    const quotes = new QuoteStore(() => undefined);
    quotes.publish([quote(300, 1_000)]);
    await recorder.record(new Date('2026-11-18T07:30:05Z'), quotes, '2026-11-18');
    quotes.publish([quote(302, 1_500)]);
    await recorder.record(new Date('2026-11-18T07:30:40Z'), quotes, '2026-11-18');
    expect(heard).toEqual([]);
    await recorder.record(new Date('2026-11-18T07:31:02Z'), quotes, '2026-11-18');
    expect(heard).toEqual([{ minute: '2026-11-18T07:30:00.000Z', stored: 1 }]);
    expect(written[0]).toEqual([
      expect.objectContaining({ symbol: 'THYAO', openTry: 300, closeTry: 302, volumeShares: 500 }),
    ]);
  });
});
