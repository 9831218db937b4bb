// The fuzzer's hostile shapes, each shown to catch the fault it is for on a small app built to have it (a
// recursive body walk, a handler that refuses lone surrogates badly, a non-idempotent charge, a CSV parser that
// counts columns), and to leave a correct version alone.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerDocs } from '@/plugins/docs';
import { fuzz, type FuzzKind } from './fuzz/fuzzer.ts';

const only = (kind: FuzzKind) => ({
  schema: 0,
  deep: 0,
  unicode: 0,
  columns: 0,
  dates: 0,
  duplicates: 0,
  [kind]: 1,
});

async function toyApp(routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerDocs(app, 'test');
  routes(app);
  await app.ready();
  return app;
}

/** Depth of a parsed body, walked recursively (as the old NUL guard did): overflows the stack on deep input. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('the fuzzer’s hostile shapes', () => {
  it('deep nesting reaches a body field and finds a recursive walk’s 500', async () => {
    const app = await toyApp((a) =>
      a
        .withTypeProvider<ZodTypeProvider>()
        .post('/api/notes', { schema: { body: z.object({ note: z.unknown() }) } }, async (request) => ({
          depth: depthOf(request.body),
        })),
    );
    const report = await fuzz(app, { requests: 30, seed: 1, tokens: [], weights: only('deep') });
    expect(report.findings.map((f) => [f.kind, f.problem])).toContainEqual(['deep', 'status 500']);
    await app.close();
  });

  it('invalid Unicode reaches a body string as a lone surrogate and finds a handler that fails on it', async () => {
    const app = await toyApp((a) =>
      a
        .withTypeProvider<ZodTypeProvider>()
        .post('/admin/api/stop', { schema: { body: z.object({ reason: z.string() }) } }, async (request) => {
          // What jsonb does with '\ud800': refuses it.
          if (/\p{Cs}/u.test(request.body.reason)) throw new Error('invalid Unicode escape in jsonb');
          return { ok: true };
        }),
    );
    const report = await fuzz(app, { requests: 40, seed: 2, tokens: [], weights: only('unicode') });
    expect(report.findings.map((f) => [f.kind, f.problem])).toContainEqual(['unicode', 'status 500']);
    await app.close();
  });

  it('column bombs reach a CSV field with 100,000 columns and more', async () => {
    let widest = 0;
    const app = await toyApp((a) =>
      a
        .withTypeProvider<ZodTypeProvider>()
        .post('/api/import/preview', { schema: { body: z.object({ csv: z.string() }) } }, async (request) => {
          const header = request.body.csv.slice(0, request.body.csv.indexOf('\n'));
          widest = Math.max(widest, header.split(',').length);
          return { ok: true };
        }),
    );
    await fuzz(app, { requests: 20, seed: 3, tokens: [], weights: only('columns') });
    expect(widest).toBeGreaterThan(100_000);
    await app.close();
  });

  it('extreme date ranges reach from/to and month, and find date arithmetic that breaks', async () => {
    const app = await toyApp((a) =>
      a
        .withTypeProvider<ZodTypeProvider>()
        .get(
          '/admin/api/report',
          { schema: { querystring: z.object({ from: z.iso.date(), to: z.iso.date() }) } },
          async (request) => {
            // Naive: the day after 9999-12-31 is no YYYY-MM-DD date.
            const next = new Date(Date.parse(`${request.query.to}T00:00:00Z`) + 86_400_000).toISOString();
            if (!/^\d{4}-/.test(next)) throw new RangeError(`bad date ${next}`);
            return { ok: true };
          },
        ),
    );
    const report = await fuzz(app, { requests: 40, seed: 4, tokens: [], weights: only('dates') });
    expect(report.findings.map((f) => [f.kind, f.problem])).toContainEqual(['dates', 'status 500']);
    await app.close();
  });

  it('duplicate concurrent writes find a charge taken once per copy, and pass one taken once', async () => {
    for (const idempotent of [false, true]) {
      let plan = 'free';
      let charges = 0;
      let queue = Promise.resolve();
      const app = await toyApp((a) =>
        a
          .withTypeProvider<ZodTypeProvider>()
          .put(
            '/api/subscription',
            { schema: { body: z.object({ plan: z.enum(['free', 'premium', 'pro']) }) } },
            async (request) => {
              const change = async () => {
                if (idempotent && plan === request.body.plan) return;
                await new Promise((resolve) => setImmediate(resolve)); // the payment provider's round trip
                charges += 1;
                plan = request.body.plan;
              };
              // The correct version takes one plan change at a time per account.
              if (idempotent) await (queue = queue.then(change));
              else await change();
              return { plan };
            },
          ),
      );
      const report = await fuzz(app, {
        requests: 100,
        seed: 5,
        tokens: ['investor'],
        weights: only('duplicates'),
        duplicateCopies: 20,
        singleEffectWrites: [
          { method: 'PUT', path: '/api/subscription', token: 'investor', effects: async () => charges },
        ],
      });
      const doubled = report.findings.filter((f) => f.problem.includes('identical writes at once'));
      if (idempotent) expect(report.findings).toEqual([]);
      else expect(doubled[0]?.problem).toBe('20 identical writes at once took effect 20 times');
      await app.close();
    }
  });
});
