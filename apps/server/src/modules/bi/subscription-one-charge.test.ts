// One plan change is one charge: parallel identical requests, sequential repeats and retries under an Idempotency-Key
// take one payment; the same key with a different body is refused. On PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '@/db/schema/index';
import { createTestApp, testBackends, type TestApp } from '@test/helpers';
import { signIn } from '@test/investor-helpers';

describe.each(testBackends())('PUT /api/subscription charges once per change on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ backend });
  }, 60_000);
  afterAll(async () => t?.close());

  const put = (authorization: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/subscription',
      headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const paymentsOf = async (userId: string) =>
    t.infra.database.db.select().from(payments).where(eq(payments.userId, userId));

  it('20 parallel identical plan changes take exactly 1 payment (without a key)', async () => {
    const inv = await signIn(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => put(inv.authorization, { plan: 'pro', interval: 'monthly' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const a of answers) expect(a.json().data).toMatchObject({ plan: 'pro', interval: 'monthly' });
    expect(await paymentsOf(inv.userId)).toHaveLength(1);
    // Sequential repeats: already on this plan, no charge.
    for (let i = 0; i < 3; i++)
      expect((await put(inv.authorization, { plan: 'pro', interval: 'monthly' })).statusCode).toBe(200);
    expect(await paymentsOf(inv.userId)).toHaveLength(1);
    // A real change is charged.
    expect((await put(inv.authorization, { plan: 'pro', interval: 'yearly' })).statusCode).toBe(200);
    expect(await paymentsOf(inv.userId)).toHaveLength(2);
  });

  it('20 parallel requests under one Idempotency-Key: 1 payment, every answer the first one', async () => {
    const inv = await signIn(t);
    const key = 'plan-change-7f3a';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => put(inv.authorization, { plan: 'premium', interval: 'yearly' }, key)),
    );
    const bodies = answers.map((a) => a.json<{ data: unknown }>());
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(bodies.map((b) => JSON.stringify(b.data))).size).toBe(1);
    expect(await paymentsOf(inv.userId)).toHaveLength(1);

    // After a cancel, a replay of the key still answers the first result and charges nothing.
    expect((await put(inv.authorization, { plan: 'free', interval: 'monthly' })).json().data.plan).toBe(
      'free',
    );
    const replay = await put(inv.authorization, { plan: 'premium', interval: 'yearly' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(bodies[0]!.data);
    expect(await paymentsOf(inv.userId)).toHaveLength(1);

    // The same key with a different body is refused and charges nothing.
    const reused = await put(inv.authorization, { plan: 'pro', interval: 'monthly' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ success: false, field: 'Idempotency-Key' });
    expect(await paymentsOf(inv.userId)).toHaveLength(1);

    // Keys are per investor: another investor's identical key is a new request.
    const other = await signIn(t);
    expect((await put(other.authorization, { plan: 'pro', interval: 'monthly' }, key)).statusCode).toBe(200);
    expect(await paymentsOf(other.userId)).toHaveLength(1);
  });

  it('refuses a malformed Idempotency-Key with the header named', async () => {
    const inv = await signIn(t);
    const res = await put(inv.authorization, { plan: 'pro', interval: 'monthly' }, 'x'.repeat(300));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toContain('idempotency-key');
    expect(await paymentsOf(inv.userId)).toHaveLength(0);
  });
});
