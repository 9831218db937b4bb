import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
import { nulFieldOf } from './input-guard.ts';

describe(nulFieldOf.name, () => {
  it('finds the first string with U+0000 and names its path', () => {
    expect(nulFieldOf({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(nulFieldOf({ a: 'ok', n: 3, z: null })).toBeNull();
    expect(nulFieldOf('raw\u0000')).toBe('value');
    expect(nulFieldOf({ ['k\u0000']: 1 })).toBe('k\u0000');
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
      payload: { email: 'nul@example.com', password: 'uzun-bir-sifre', name: 'A\u0000' },
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
