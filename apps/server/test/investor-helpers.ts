// Helpers for the portfolio, watchlist and alerts tests: a market with a few BIST names and signed-in investors.
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.ts';
import { FakeMarketData } from './fake-market-data.ts';

/** A fake market with five stocks and XU100, quotes set; today in the test clock is 2026-11-18. */
export function investorMarket(): FakeMarketData {
  return new FakeMarketData()
    .addStock({ symbol: 'THYAO', name: 'Türk Hava Yolları', sector: 'Ulaştırma' })
    .addStock({ symbol: 'GARAN', name: 'Garanti BBVA', sector: 'Bankacılık' })
    .addStock({ symbol: 'ASELS', name: 'Aselsan', sector: 'Savunma' })
    .addStock({ symbol: 'BIMAS', name: 'BİM Mağazalar', sector: 'Perakende' })
    .addStock({ symbol: 'KCHOL', name: 'Koç Holding', sector: 'Holding' })
    .setQuote('THYAO', 300, { previousCloseTry: 290 })
    .setQuote('GARAN', 120, { previousCloseTry: 125 })
    .setQuote('ASELS', 150)
    .setQuote('BIMAS', 500)
    .setQuote('KCHOL', 200)
    .setQuote('XU100', 10_000, { previousCloseTry: 9_900 });
}

let counter = 0;

/**
 * Registers a fresh investor (registration, not the demo login, so the account starts empty) or, with
 * `demoLogin`, signs in through the demo login (a new account starts empty there too). Returns the bearer header.
 */
export async function signIn(
  t: TestApp,
  options: { email?: string; demoLogin?: boolean } = {},
): Promise<{ authorization: string; userId: string }> {
  const email = options.email ?? `yatirimci${++counter}@example.com`;
  if (!options.demoLogin) {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'gizli-sifre', privacy_notice_acknowledged: true },
    });
    if (registered.statusCode !== 202)
      throw new Error(`registration failed: ${registered.statusCode} ${registered.body}`);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'gizli-sifre' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string; user: { id: string } }>();
  return { authorization: `Bearer ${body.token}`, userId: body.user.id };
}

export interface Investor {
  authorization: string;
  userId: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  put(url: string, payload: object): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export async function investor(
  t: TestApp,
  options: { email?: string; demoLogin?: boolean } = {},
): Promise<Investor> {
  const { authorization, userId } = await signIn(t, options);
  const headers = { authorization };
  return {
    authorization,
    userId,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    put: (url, payload) => t.app.inject({ method: 'PUT', url, headers, payload }),
    del: (url) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}
