// Composition of the investor capabilities (portfolio, watchlist, price alerts) for buildApp: services, routes,
// the alert subscription's lifecycle and the demo investor's seed.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '@/context';
import type { AuthService } from '@/modules/auth/auth.service';
import { AlertsRepository } from '@/modules/alerts/alerts.repository';
import { AlertsService } from '@/modules/alerts/alerts.service';
import { alertsRoutes } from '@/modules/alerts/alerts.routes';
import { WatchlistRepository } from '@/modules/watchlist/watchlist.repository';
import { WatchlistService } from '@/modules/watchlist/watchlist.service';
import { watchlistRoutes } from '@/modules/watchlist/watchlist.routes';
import { PortfolioRepository } from './portfolio.repository.ts';
import { DEFAULT_DEMO_PLAN, DEMO_SYMBOLS, PortfolioService } from './portfolio.service.ts';
import { portfolioRoutes } from './portfolio.routes.ts';

/** Watchlist symbols of a new demo investor: the liquid names after the ones it holds. */
const DEMO_WATCHLIST_SIZE = 3;

export interface InvestorModules {
  portfolio: PortfolioService;
  watchlist: WatchlistService;
  alerts: AlertsService;
  /** AuthService's onDemoUserCreated: seeds the ledger and watchlist; a failure is logged, never fails the login. */
  seedDemoInvestor(userId: string): Promise<void>;
}

export function createInvestorModules(ctx: AppContext, log: FastifyBaseLogger): InvestorModules {
  const portfolio = new PortfolioService(new PortfolioRepository(ctx.database.db), ctx.market, ctx.clock);
  const watchlist = new WatchlistService(new WatchlistRepository(ctx.database.db), ctx.market, ctx.clock);
  const alerts = new AlertsService(new AlertsRepository(ctx.database.db), ctx.market, ctx.clock, log);
  return {
    portfolio,
    watchlist,
    alerts,
    async seedDemoInvestor(userId) {
      try {
        if (!(await portfolio.seedDemoAccount(userId, DEFAULT_DEMO_PLAN))) return;
        const known = DEMO_SYMBOLS.filter((symbol) => ctx.market.hasStock(symbol));
        for (const symbol of known.slice(
          DEFAULT_DEMO_PLAN.holdings,
          DEFAULT_DEMO_PLAN.holdings + DEMO_WATCHLIST_SIZE,
        )) {
          await watchlist.add(userId, symbol);
        }
      } catch (error) {
        log.error({ err: error, userId }, 'demo investor seed failed');
      }
    },
  };
}

/** Registers the routes and subscribes the alerts to the market's quotes until the app closes. */
export function investorRoutes(modules: InvestorModules, auth: AuthService) {
  return async (app: FastifyInstance) => {
    await app.register(portfolioRoutes(modules.portfolio, auth));
    await app.register(watchlistRoutes(modules.watchlist, auth));
    await app.register(alertsRoutes(modules.alerts, auth));
    modules.alerts.start();
    app.addHook('onClose', async () => modules.alerts.stop());
  };
}
