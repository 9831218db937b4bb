import type { MarketSource } from '@bist/contracts';

/**
 * Where the market figures on a screen come from (GET /api/market/source): the live feed, its delay, the stored
 * history and what the models learned from. No React and no query library here, so the prerendered landing page's
 * small script can use it too; the app's hook is lib/use-market-source.ts.
 */
export const MARKET_SOURCE_PATH = '/api/market/source';

/**
 * What a screen may claim about its prices: 'real' only when the server says its live feed is a real provider,
 * 'simulated' when it says the simulator, 'unknown' when it said nothing (a server without the route answers 404,
 * or the request failed) — never taken for real data.
 */
export type MarketSourceKind = 'real' | 'simulated' | 'unknown';

export function marketSourceKind(source: MarketSource | null | undefined): MarketSourceKind {
  if (!source) return 'unknown';
  return source.feed === 'simulated' ? 'simulated' : 'real';
}

/**
 * The source from a response body ({ success, data }), or null when it is not one: the route answered with an
 * error envelope, or something else answered. Checked by hand, as the landing page carries no schema library;
 * a body that passes is the server's serializer-checked answer (decision 0034).
 */
export function marketSourceFromBody(body: unknown): MarketSource | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const data = body.data;
  if (typeof data !== 'object' || data === null) return null;
  const feed = (data as { feed?: unknown }).feed;
  return typeof feed === 'string' ? (data as MarketSource) : null;
}

/** True when the index's level is computed by the product from its members, not published by the provider. */
export function isComputedIndex(source: MarketSource | null | undefined, code: string): boolean {
  return source?.computed_indices.includes(code) ?? false;
}

/** The words a sentence about the source is made of, with {{provider}} and {{delay}} where they go. */
export interface SourceSentenceTexts {
  real: string;
  realNoDelay: string;
  simulated: string;
}

/**
 * One sentence about where the prices come from — the real provider and its delay, or the simulation — or null
 * when the server did not say (nothing is then claimed). Plain string work, for the landing page's script as well.
 */
export function marketSourceSentence(
  source: MarketSource | null | undefined,
  texts: SourceSentenceTexts,
): string | null {
  const kind = marketSourceKind(source);
  if (kind === 'unknown' || !source) return null;
  if (kind === 'simulated') return texts.simulated;
  const template = source.delay_minutes === null ? texts.realNoDelay : texts.real;
  return template
    .replaceAll('{{provider}}', source.provider ?? '---')
    .replaceAll('{{delay}}', String(source.delay_minutes));
}
