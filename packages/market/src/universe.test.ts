import { describe, expect, it } from 'vitest';
import { SESSION_PHASES } from '@bist/contracts';
import {
  FEATURED_INDEX_CODES,
  INDICES,
  SECTOR_INDEX_CODES,
  SECTORS,
  STOCKS,
  indexByCode,
  searchStocks,
  stockBySymbol,
} from './universe.ts';
import { SESSION_PHASES as MARKET_SESSION_PHASES } from './calendar.ts';

describe('universe', () => {
  it('holds all 596 share classes with unique symbols', () => {
    expect(STOCKS).toHaveLength(596);
    expect(new Set(STOCKS.map((s) => s.symbol)).size).toBe(596);
  });

  it('looks stocks up case-insensitively and ignores the Yahoo suffix', () => {
    expect(stockBySymbol('thyao.IS')?.name).toMatch(/Hava Yolları/);
    expect(stockBySymbol('NOPE')).toBeUndefined();
  });

  it('counts sectors so the counts add up to the universe', () => {
    expect(SECTORS.reduce((sum, s) => sum + s.stockCount, 0)).toBe(596);
    expect(SECTORS[0]).toEqual({ sector: 'Holding', stockCount: 53 });
    expect(SECTORS.find((s) => s.sector === 'Bankacılık')?.stockCount).toBe(15);
  });

  it('maps every sector to at least one sector index', () => {
    for (const { sector } of SECTORS) expect(SECTOR_INDEX_CODES[sector], sector).toBeDefined();
  });

  it('searches names Turkish-insensitively and symbols by prefix', () => {
    expect(searchStocks('garan')[0]?.symbol).toBe('GARAN');
    expect(searchStocks('turk hava').map((s) => s.symbol)).toContain('THYAO');
    expect(searchStocks('  ')).toEqual([]);
  });
});

describe('INDICES', () => {
  it('exposes at least 15 live indices, including every featured one, each with members', () => {
    expect(INDICES.length).toBeGreaterThanOrEqual(15);
    for (const code of FEATURED_INDEX_CODES)
      expect(indexByCode(code)?.members.length, code).toBeGreaterThan(0);
  });

  it('keeps the headline nesting XU030 ⊆ XU050 ⊆ XU100 with 30/50/100 members', () => {
    const xu030 = indexByCode('XU030')!.members;
    const xu050 = new Set(indexByCode('XU050')!.members);
    const xu100 = new Set(indexByCode('XU100')!.members);
    expect([xu030.length, xu050.size, xu100.size]).toEqual([30, 50, 100]);
    for (const s of xu030) expect(xu050.has(s)).toBe(true);
    for (const s of xu050) expect(xu100.has(s)).toBe(true);
  });

  it('derives sector indices from sectors, with the refiner in chemicals rather than electricity', () => {
    expect(indexByCode('XBANK')!.members).toHaveLength(15);
    expect(indexByCode('XBANK')!.members).toContain('GARAN');
    expect(indexByCode('XKMYA')!.members).toContain('TUPRS');
    expect(indexByCode('XELKT')!.members).not.toContain('TUPRS');
    expect(indexByCode('XUTEK')!.members).toContain('ASELS');
    expect(indexByCode('XUTUM')!.members).toHaveLength(596);
    expect(indexByCode('XTUMY')!.members).toHaveLength(496);
  });

  it('uses only known symbols and catalogue names', () => {
    for (const index of INDICES) {
      expect(index.name).toMatch(/^BIST /);
      for (const s of index.members) expect(stockBySymbol(s), `${index.code}:${s}`).toBeDefined();
    }
  });
});

describe('session phases', () => {
  it('match the contracts package exactly', () => {
    expect([...MARKET_SESSION_PHASES]).toEqual([...SESSION_PHASES]);
  });
});
