import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, marketStatusSchema, type MarketStatus } from '@bist/contracts';
import { continuousCloseOn, istanbulDate, nextContinuousOpen, sessionPhaseAt } from '@bist/market';
import type { AppContext } from '@/context';

/** The trading session at `now` from the Borsa Istanbul calendar (Europe/Istanbul, holidays, half days). */
export function marketStatusAt(now: Date): MarketStatus {
  const phase = sessionPhaseAt(now);
  const isOpen = phase === 'continuous';
  const close = isOpen ? continuousCloseOn(istanbulDate(now)) : null;
  return {
    isOpen,
    phase,
    nextOpen: isOpen ? null : nextContinuousOpen(now).toISOString(),
    closesAt: close ? close.toISOString() : null,
    serverTime: now.toISOString(),
    timeZone: 'Europe/Istanbul',
  };
}

export function marketStatusRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/market/status',
      {
        schema: {
          tags: ['market'],
          summary: 'Whether Borsa Istanbul is in continuous trading now, from the server calendar',
          response: { 200: marketStatusSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: marketStatusAt(ctx.clock.now()) }),
    );
  };
}
