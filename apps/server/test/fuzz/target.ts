// The app the fuzzer attacks: a real market engine on the simulated feed, demo staff, one investor; no vitest here,
// so `npm run fuzz` can build it outside the test runner.
import type { FastifyInstance } from 'fastify';
import { testConfig } from '@/config/env';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { buildApp } from '@/app';
import { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';
import { SimulatedFeed } from '@/market/simulated-feed';
import { DEMO_STAFF } from '@/modules/admin-auth/demo-staff';
import type { SingleEffectWrite } from './fuzzer.ts';

export interface FuzzTarget {
  app: FastifyInstance;
  tokens: string[];
  /** Writes that must take effect once per burst of identical copies, with how to count their effect. */
  singleEffectWrites: SingleEffectWrite[];
  /** Valid path parameters, so hostile bodies reach the handlers behind them. */
  pathExamples: Record<string, string[]>;
  close(): Promise<void>;
}

export async function fuzzTarget(database: Database): Promise<FuzzTarget> {
  const clock = new FixedClock(new Date('2026-11-18T07:30:00Z'));
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const engine = new MarketEngine({
    repo: new MarketRepository(database.db),
    provider: new SimulatedFeed(42, '2026-09-01'),
    clock,
    log: quiet,
  });
  await engine.start({ live: false });
  const { app, services } = await buildApp({
    config: testConfig({ demoMode: true }),
    database,
    clock,
    market: engine,
  });
  await app.ready();
  await services.adminAuth.prepareDemoStaff();
  const tokens: string[] = [];
  for (const role of ['super_admin', 'cto', 'data_analyst'] as const) {
    const account = DEMO_STAFF.find((a) => a.role === role)!;
    const res = await app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    tokens.push(res.json<{ token: string }>().token);
  }
  const investor = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'fuzz@example.com', password: 'fuzz-password-1' },
  });
  const investorToken = investor.json<{ token: string }>().token;
  tokens.push(investorToken);
  return {
    app,
    tokens,
    singleEffectWrites: [
      {
        // One plan change is one charge (and 'already on this plan' none), however often it is sent at once.
        method: 'PUT',
        path: '/api/subscription',
        token: investorToken,
        async effects(target) {
          const res = await target.inject({
            method: 'GET',
            url: '/api/subscription/payments',
            headers: { authorization: `Bearer ${investorToken}` },
          });
          return res.json<{ data: unknown[] }>().data.length;
        },
      },
    ],
    pathExamples: { id: ['ols', 'ridge'], symbol: ['THYAO', 'GARAN'] },
    async close() {
      await app.close();
      await engine.stop();
    },
  };
}

/** Streams never end and logouts would end the fuzzer's own sessions. */
export function skipForFuzz(path: string): boolean {
  return path.includes('/stream') || path.endsWith('/logout');
}
