// BI date ranges are checked by arithmetic before any day is listed, so an absurd range is an immediate 400 (it
// used to list every day of 10,000 years first); and an export is audited only once its file was made.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';

describe('BI date ranges and export auditing', () => {
  let t: TestApp;
  let ceo = '';
  const get = (url: string) => t.app.inject(withToken(ceo, { method: 'GET', url }));
  const exportEntries = async () =>
    (
      await t.infra.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from admin_audit_log where action = 'bi_exported'`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await createAdminTestApp({ now: new Date('2026-11-18T09:30:00Z') });
    ceo = await tokenFor(t, 'ceo');
  });
  afterAll(async () => t.close());

  it('a 10,000-year range is a 400 naming the field, on every BI route that takes from/to', async () => {
    for (const url of [
      '/admin/api/bi/metrics/overview?from=0001-01-01&to=9999-12-31',
      '/admin/api/bi/revenue/dashboard?from=0001-01-01&to=9999-12-31',
      '/admin/api/bi/users/analytics?from=0001-01-01&to=9999-12-31',
      '/admin/api/bi/performance/dashboard?from=0001-01-01&to=9999-12-31',
      '/admin/api/bi/drilldown/signups?from=0001-01-01&to=9999-12-31',
      '/admin/api/bi/drilldown/signups/export?from=0001-01-01&to=9999-12-31',
      '/admin/api/bi/export/metrics?type=revenue&from=0001-01-01&to=9999-12-31',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, field: 'querystring.from' });
    }
    // The widest range of accepted days: refused by measuring it, not by listing its 36,525 days.
    const century = await get('/admin/api/bi/users/analytics?from=2000-01-01&to=2099-12-31');
    expect(century.statusCode).toBe(400);
    expect(century.json()).toMatchObject({ field: 'from', error: expect.stringMatching(/366 days/) });
  });

  it('the longest range is 366 days, counted across leap years', async () => {
    // 2024 is a leap year: 2024-01-01 … 2024-12-31 is exactly 366 days; one more day is refused.
    expect((await get('/admin/api/bi/revenue/dashboard?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    const over = await get('/admin/api/bi/revenue/dashboard?from=2024-01-01&to=2025-01-01');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ field: 'from', error: expect.stringMatching(/366 days/) });
  });

  it('days at the ends of the calendar are a 400, not a 500', async () => {
    for (const [from, to] of [
      ['9999-12-31', '9999-12-31'],
      ['0001-01-01', '0001-01-02'],
      ['1899-12-31', '1900-01-01'],
    ]) {
      const res = await get(`/admin/api/bi/users/analytics?from=${from}&to=${to}`);
      expect(res.statusCode, `${from}…${to}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    // Months too (found by the fuzzer: the month after 0001-01 was written '1-02' and failed to parse).
    for (const month of ['0001-01', '1999-12', '2100-01']) {
      const res = await get(`/admin/api/bi/drilldown/mrr/export?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toMatchObject({ field: 'querystring.month' });
    }
  });

  it('a refused export is not recorded as exported; a made one is, once', async () => {
    const before = await exportEntries();
    const refused = await get('/admin/api/bi/export/metrics?type=revenue&from=2024-01-01&to=2026-11-18');
    expect(refused.statusCode).toBe(400);
    const refusedDrilldown = await get(
      '/admin/api/bi/drilldown/signups/export?from=2024-01-01&to=2026-11-18',
    );
    expect(refusedDrilldown.statusCode).toBe(400);
    expect(await exportEntries()).toBe(before);

    const made = await get('/admin/api/bi/export/metrics?type=revenue&from=2026-11-01&to=2026-11-18');
    expect(made.statusCode).toBe(200);
    expect(await exportEntries()).toBe(before + 1);
  });

  it('an export that fails while being made is recorded as bi_export_failed, never as bi_exported', async () => {
    const before = await exportEntries();
    const { entries: failedBefore } = await t.services.audit.list({
      page: 1,
      limit: 50,
      action: 'bi_export_failed',
    });
    // The 366-day rule is checked by the service, while the file is being made.
    const failed = await get('/admin/api/bi/export/metrics?type=users&from=2024-01-01&to=2026-11-18');
    expect(failed.statusCode).toBe(400);
    // The database failing under the export: a 500 without internals, and the failure recorded.
    const repo = (t.services.bi as unknown as { deps: { repo: { payments: () => Promise<never> } } }).deps
      .repo;
    const original = repo.payments;
    repo.payments = () => Promise.reject(new Error('relation "payments" is gone'));
    try {
      const broken = await get('/admin/api/bi/export/metrics?type=revenue&from=2026-11-01&to=2026-11-18');
      expect(broken.statusCode).toBe(500);
      expect(broken.body).not.toContain('relation');
    } finally {
      repo.payments = original;
    }
    expect(await exportEntries()).toBe(before);
    const { entries } = await t.services.audit.list({ page: 1, limit: 50, action: 'bi_export_failed' });
    expect(entries.length - failedBefore.length).toBe(2);
    expect(entries[0]!.details).toMatchObject({ type: 'revenue', reason: 'server error' });
    expect(JSON.stringify(entries[0]!.details)).not.toContain('relation');
    expect(entries[1]!.details).toMatchObject({ type: 'users', reason: expect.stringContaining('366') });
  });
});
