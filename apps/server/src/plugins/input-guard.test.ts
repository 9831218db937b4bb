import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withRawJson, withToken } from '@test/admin-test-kit';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
import { inputProblemOf, MAX_JSON_DEPTH } from './input-guard.ts';

/** `{"a":{"a":…1…}}` nested `levels` deep, as raw JSON text (building it as an object would need the stack too). */
const nestedJson = (levels: number, key = 'a') => `${`{"${key}":`.repeat(levels)}1${'}'.repeat(levels)}`;

describe(inputProblemOf.name, () => {
  it('finds the first string with U+0000 and names its path', () => {
    expect(inputProblemOf({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual({ kind: 'nul', field: 'b.c.1' });
    expect(inputProblemOf({ a: 'ok', n: 3, z: null })).toBeNull();
    expect(inputProblemOf('raw\u0000')).toEqual({ kind: 'nul', field: 'value' });
    expect(inputProblemOf({ ['k\u0000']: 1 })).toEqual({ kind: 'nul', field: 'k\u0000' });
  });

  it('finds an unpaired surrogate in a string or a key, and lets paired ones (emoji) through', () => {
    expect(inputProblemOf({ reason: 'stop \ud800 now' })).toEqual({ kind: 'surrogate', field: 'reason' });
    expect(inputProblemOf({ a: [{ b: '\udc00x' }] })).toEqual({ kind: 'surrogate', field: 'a.0.b' });
    expect(inputProblemOf({ ['k\ud83d']: 1 })).toMatchObject({ kind: 'surrogate' });
    expect(inputProblemOf({ note: '😀 İıŞşĞğ \uFFFF' })).toBeNull();
  });

  it('refuses nesting deeper than the limit, naming the top-level field, without recursing', () => {
    expect(inputProblemOf(JSON.parse(nestedJson(MAX_JSON_DEPTH)))).toBeNull();
    expect(inputProblemOf(JSON.parse(nestedJson(MAX_JSON_DEPTH + 1)))).toEqual({ kind: 'depth', field: 'a' });
    expect(inputProblemOf(JSON.parse(`[${'['.repeat(200_000)}${']'.repeat(200_000)}]`))).toEqual({
      kind: 'depth',
      field: '0',
    });
    expect(inputProblemOf(JSON.parse(nestedJson(1_000_000, 'email')))).toEqual({
      kind: 'depth',
      field: 'email',
    });
  });
});

describe('deeply nested JSON and invalid Unicode in any body', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createAdminTestApp();
    staff = await tokenFor(t, 'super_admin');
  });
  afterAll(async () => t.close());

  const postJson = (url: string, body: string, token: string | null = null) =>
    t.app.inject(withRawJson(token, 'POST', url, body));

  it('a 100,000-deep body is a 400 naming the limit on an anonymous route and on a staff route', async () => {
    const login = await postJson('/api/auth/login', nestedJson(100_000, 'email'));
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      success: false,
      field: 'email',
      error: `email: JSON en fazla ${MAX_JSON_DEPTH} düzey iç içe olabilir`,
    });
    const admin = await postJson('/admin/api/users', nestedJson(100_000, 'name'), staff);
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toMatchObject({
      success: false,
      field: 'name',
      error: `name: JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    });
    // A deep array at the root too (nothing to name but the body).
    const rootArray = await postJson('/api/auth/login', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(rootArray.statusCode).toBe(400);
  });

  it('a lone surrogate in raw JSON text is a 400 naming the field, investor and staff side', async () => {
    const login = await postJson('/api/auth/login', '{"email":"a\\ud800@b.co","password":"x"}');
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ field: 'email', error: expect.stringMatching(/Unicode/) });
    const violation = await t.app.inject(
      withRawJson(
        staff,
        'PUT',
        '/admin/api/compliance/violations/00000000-0000-4000-8000-000000000000',
        '{"status":"investigating","resolution_notes":"checked \\udfff"}',
      ),
    );
    expect(violation.statusCode).toBe(400);
    expect(violation.json()).toMatchObject({
      field: 'resolution_notes',
      error: expect.stringMatching(/Unicode/),
    });
  });
});

describe('NUL characters in any input', () => {
  let t: TestApp;
  let staff: string;
  let inv: Investor;
  beforeAll(async () => {
    t = await createAdminTestApp({ market: investorMarket() });
    staff = await tokenFor(t, 'super_admin');
    inv = await investor(t);
  });
  afterAll(async () => t.close());

  const expect400 = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  };

  it('are refused with 400 naming the field on the staff routes the fuzzer broke', async () => {
    const get = (url: string) => t.app.inject(withToken(staff, { method: 'GET', url }));
    expect400(await get('/admin/api/users?search=%00'), 'search');
    expect400(await get('/admin/api/audit-log?action=%00'), 'action');
    expect400(await get('/admin/api/audit-log?user=a%00'), 'user');
    const created = await t.app.inject(
      withToken(staff, {
        method: 'POST',
        url: '/admin/api/users',
        payload: {
          name: 'A\u0000B',
          email: 'nul@bistai.demo',
          role: 'data_analyst',
          password: 'valid-pass-1',
        },
      }),
    );
    expect400(created, 'name');
    expect(created.json()).toMatchObject({ error: expect.stringMatching(/U\+0000/) });
  });

  it('are refused with 400 naming the field on the investor routes, in Turkish', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'nul@example.com',
        password: 'uzun-bir-sifre',
        name: 'A\u0000',
        privacy_notice_acknowledged: true,
      },
    });
    expect400(register, 'name');
    const stored = async () => (await inv.get('/api/portfolio/transactions')).json().data.total as number;
    const before = await stored();
    expect(register.json()).toMatchObject({ error: expect.stringMatching(/NUL karakteri/) });
    expect400(await inv.del('/api/watchlist/%00'), 'symbol');
    expect400(
      await inv.post('/api/portfolio/transactions', {
        type: 'deposit',
        amount: 1000,
        date: '2026-11-17',
        notes: 'a\u0000',
      }),
      'notes',
    );
    expect400(
      await inv.post('/api/portfolio/transactions/import/preview', { csv: 'date,type\n\u0000' }),
      'csv',
    );
    expect400(
      await inv.post('/api/alerts', { symbol: 'THYAO', condition: 'above', price: 10, note: '\u0000' }),
      'note',
    );
    // Nothing was stored on the way.
    expect(await stored()).toBe(before);
  });
});
