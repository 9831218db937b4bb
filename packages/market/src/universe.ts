// The BIST universe: stocks, sectors and the live indices whose members follow from reference data.
import { HEADLINE_INDEX_MEMBERS, INDEX_CATALOGUE } from './data/index-catalogue.ts';
import { STOCK_ROWS } from './data/stocks.ts';
import { foldTurkish } from './text.ts';
import type { IndexCatalogueEntry, Stock } from './types.ts';

/** All 596 listed share classes, sorted by symbol. */
export const STOCKS: readonly Stock[] = [...STOCK_ROWS].sort((a, b) => a.symbol.localeCompare(b.symbol));

const STOCK_MAP: ReadonlyMap<string, Stock> = new Map(STOCKS.map((s) => [s.symbol, s]));

/** The stock with this symbol (case-insensitive, optional Yahoo `.IS` suffix ignored), or undefined. */
export function stockBySymbol(symbol: string): Stock | undefined {
  return STOCK_MAP.get(symbol.trim().toUpperCase().replace(/\.IS$/, ''));
}

/** A sector label with its number of stocks. */
export interface SectorCount {
  sector: string;
  stockCount: number;
}

/** Sectors with their stock counts, largest first (ties by Turkish alphabetical order). */
export const SECTORS: readonly SectorCount[] = (() => {
  const counts = new Map<string, number>();
  for (const s of STOCKS) counts.set(s.sector, (counts.get(s.sector) ?? 0) + 1);
  return [...counts]
    .map(([sector, stockCount]) => ({ sector, stockCount }))
    .sort((a, b) => b.stockCount - a.stockCount || a.sector.localeCompare(b.sector, 'tr'));
})();

/** Stocks whose symbol starts with, or whose Turkish-folded name contains, the folded query; symbol matches first. */
export function searchStocks(query: string, stocks: readonly Stock[] = STOCKS): Stock[] {
  const folded = foldTurkish(query.trim());
  if (folded === '') return [];
  const bySymbol = stocks.filter((s) => foldTurkish(s.symbol).startsWith(folded));
  const symbolSet = new Set(bySymbol.map((s) => s.symbol));
  const byName = stocks.filter((s) => !symbolSet.has(s.symbol) && foldTurkish(s.name).includes(folded));
  return [...bySymbol, ...byName];
}

/**
 * Sector → sector-index mapping (BIST's own classification differs in places; the sectors are dashboard labels).
 * Main groups: XUSIN industrials (manufacturing), XUMAL financials, XUHIZ services, XUTEK technology + defence
 * (BIST lists ASELS in XUTEK). 'Gayrimenkul' (developers without GYO status) and 'Sağlık' (hospitals, pharma
 * distributors) count as services; 'Ambalaj' and 'Tarım' only belong to XUSIN.
 */
export const SECTOR_INDEX_CODES: Readonly<Record<string, readonly string[]>> = {
  Bankacılık: ['XUMAL', 'XBANK'],
  Sigorta: ['XUMAL', 'XSGRT'],
  Holding: ['XUMAL', 'XHOLD'],
  'Gayrimenkul Yatırım Ortaklığı': ['XUMAL', 'XGMYO'],
  'Faktoring/Leasing': ['XUMAL', 'XFINK'],
  'Aracı Kurum': ['XUMAL', 'XAKUR'],
  'Yatırım Ortaklığı': ['XUMAL', 'XYORT'],
  'Finansal Hizmetler': ['XUMAL'],
  Enerji: ['XUHIZ', 'XELKT'],
  Ulaştırma: ['XUHIZ', 'XULAS'],
  Turizm: ['XUHIZ', 'XTRZM'],
  Perakende: ['XUHIZ', 'XTCRT'],
  Telekomünikasyon: ['XUHIZ', 'XILTM'],
  İnşaat: ['XUHIZ', 'XINSA'],
  Spor: ['XUHIZ', 'XSPOR'],
  Gayrimenkul: ['XUHIZ'],
  Sağlık: ['XUHIZ'],
  Medya: ['XUHIZ'],
  Hizmet: ['XUHIZ'],
  Gıda: ['XUSIN', 'XGIDA'],
  Kimya: ['XUSIN', 'XKMYA'],
  'Demir-Çelik': ['XUSIN', 'XMANA'],
  'Metal Ana Sanayi': ['XUSIN', 'XMANA'],
  'Metal Eşya-Makine': ['XUSIN', 'XMESY'],
  Otomotiv: ['XUSIN', 'XMESY'],
  'Otomotiv Yan Sanayi': ['XUSIN', 'XMESY'],
  'Elektrik Ekipmanları': ['XUSIN', 'XMESY'],
  'Dayanıklı Tüketim': ['XUSIN', 'XMESY'],
  Çimento: ['XUSIN', 'XTAST'],
  'Cam-Seramik': ['XUSIN', 'XTAST'],
  Tekstil: ['XUSIN', 'XTEKS'],
  Kağıt: ['XUSIN', 'XKAGT'],
  Mobilya: ['XUSIN'],
  Ambalaj: ['XUSIN'],
  Madencilik: ['XUSIN', 'XMADN'],
  Tarım: ['XUSIN'],
  Teknoloji: ['XUTEK', 'XBLSM'],
  Savunma: ['XUTEK'],
};

/** Per-symbol exceptions: the refiner and the LPG distributor sit in BIST's chemicals/petroleum index, not electricity. */
export const SYMBOL_INDEX_OVERRIDES: Readonly<Record<string, readonly string[]>> = {
  TUPRS: ['XUSIN', 'XKMYA'],
  AYGAZ: ['XUSIN', 'XKMYA'],
};

/** Sector-driven index codes of a stock (main group + sector index), after per-symbol overrides. */
export function sectorIndexCodesOf(stock: Stock): readonly string[] {
  return SYMBOL_INDEX_OVERRIDES[stock.symbol] ?? SECTOR_INDEX_CODES[stock.sector] ?? [];
}

/** A live index: catalogue entry plus its member symbols (sorted). */
export interface IndexDefinition extends IndexCatalogueEntry {
  members: readonly string[];
}

function buildIndices(): IndexDefinition[] {
  const membersByCode = new Map<string, string[]>();
  const add = (code: string, symbol: string) => {
    const list = membersByCode.get(code);
    if (list) list.push(symbol);
    else membersByCode.set(code, [symbol]);
  };
  const xu100 = new Set<string>(HEADLINE_INDEX_MEMBERS.XU100);
  for (const code of ['XU100', 'XU050', 'XU030'] as const)
    for (const s of HEADLINE_INDEX_MEMBERS[code]) add(code, s);
  for (const stock of STOCKS) {
    add('XUTUM', stock.symbol);
    if (!xu100.has(stock.symbol)) add('XTUMY', stock.symbol);
    for (const code of sectorIndexCodesOf(stock)) add(code, stock.symbol);
  }
  const result: IndexDefinition[] = [];
  for (const entry of INDEX_CATALOGUE) {
    const members = membersByCode.get(entry.code);
    if (members && members.length > 0) result.push({ ...entry, members: [...members].sort() });
  }
  return result;
}

/** Live indices in catalogue order: XU100/XU050/XU030 (2026 Q3 lists), XUTUM, XTUMY and the sector indices. */
export const INDICES: readonly IndexDefinition[] = buildIndices();

/** The 15 indices the product advertises, in display order. */
export const FEATURED_INDEX_CODES = [
  'XU100',
  'XU050',
  'XU030',
  'XUTUM',
  'XBANK',
  'XUSIN',
  'XUMAL',
  'XUHIZ',
  'XUTEK',
  'XHOLD',
  'XGMYO',
  'XELKT',
  'XULAS',
  'XKMYA',
  'XMANA',
] as const;

const INDEX_MAP: ReadonlyMap<string, IndexDefinition> = new Map(INDICES.map((i) => [i.code, i]));

/** The live index with this code (case-insensitive), or undefined. */
export function indexByCode(code: string): IndexDefinition | undefined {
  return INDEX_MAP.get(code.trim().toUpperCase());
}

/** The whole 53-entry catalogue, including indices without simulated members (thematic, participation, city). */
export { INDEX_CATALOGUE };
