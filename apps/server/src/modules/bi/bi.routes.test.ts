// The BI API on a real database: the six staff endpoints for each period on seeded demo history plus live activity,
// access by business_metrics, event ingest limits, the no-IP/no-user-agent rule read from the schema, CSV exports
// matching the endpoints, and plan changes through the demo payment provider.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_BATCH_MAX,
  biOverviewResponseSchema,
  biPerformanceResponseSchema,
  biRealtimeResponseSchema,
  biMrrDrilldownResponseSchema,
  biRevenueResponseSchema,
  biSignupDrilldownResponseSchema,
  biUsersResponseSchema,
  paymentHistoryResponseSchema,
  subscriptionResponseSchema,
} from '@bist/contracts';
import { analyticsEvents, analyticsSignups, payments } from '@/db/schema/index';
import { testBackends, type TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { investor } from '@test/investor-helpers';

const NOW = new Date('2026-11-18T09:30:00Z');

describe.each(testBackends())('Business Intelligence API on %s', (backend) => {
  let t: TestApp;
  let ceo = '';
  let analyst = '';
  const get = (token: string | null, url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
  const liveEvents = async () =>
    (
      await t.infra.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.source, 'live'))
    )[0]!.n;
  const ingest = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    t = await createAdminTestApp({ now: NOW, backend });
    expect(await t.services.bi.seedDemoHistory()).toBe(true);
    // Seeding twice does nothing.
    expect(await t.services.bi.seedDemoHistory()).toBe(false);
    ceo = await tokenFor(t, 'ceo');
    analyst = await tokenFor(t, 'data_analyst');
  }, 120_000);
  afterAll(async () => t?.close());

  const ENDPOINTS = [
    ['/admin/api/bi/metrics/overview', biOverviewResponseSchema],
    ['/admin/api/bi/revenue/dashboard', biRevenueResponseSchema],
    ['/admin/api/bi/users/analytics', biUsersResponseSchema],
    ['/admin/api/bi/performance/dashboard', biPerformanceResponseSchema],
  ] as const;

  for (const period of ['7', '30', '90'] as const) {
    it(`answers every endpoint with the spec's fields for period=${period}`, async () => {
      for (const [url, schema] of ENDPOINTS) {
        const res = await get(ceo, `${url}?period=${period}`);
        expect(res.statusCode, url).toBe(200);
        const body = schema.parse(res.json());
        expect(body.data.period.days).toBe(Number(period));
        expect(body.data.period.to).toBe('2026-11-18');
      }
      const overview = biOverviewResponseSchema.parse(
        (await get(ceo, `/admin/api/bi/metrics/overview?period=${period}`)).json(),
      ).data;
      expect(overview.revenue_trend).toHaveLength(Number(period));
      expect(overview.user_growth).toHaveLength(Number(period));
      expect(overview.sources.demo).toBe(true);
      expect(overview.key_metrics.map((m) => m.metric_name)).toContain('MRR');
      for (const m of overview.key_metrics) {
        expect(Object.keys(m)).toEqual(
          expect.arrayContaining(['metric_name', 'metric_value', 'metric_type', 'category']),
        );
      }
      // Seeded history: revenue and users are not empty.
      expect(overview.revenue_trend.some((d) => d.total_revenue > 0)).toBe(true);
      expect(overview.user_growth.some((d) => d.unique_users > 0)).toBe(true);
      const users = biUsersResponseSchema.parse(
        (await get(ceo, `/admin/api/bi/users/analytics?period=${period}`)).json(),
      ).data;
      expect(users.event_analysis.length).toBeGreaterThan(0);
      expect(users.event_analysis.length).toBeLessThanOrEqual(5);
      expect(users.page_analysis.length).toBeLessThanOrEqual(5);
      // The seeded history has sign-ups and their trades and watchlist adds: activation is measured, not empty.
      expect(users.activation.window_days).toBe(7);
      expect(users.activation.activated).toBeLessThanOrEqual(users.activation.eligible);
      if (period === '90') expect(users.activation.eligible).toBeGreaterThan(0);
      const revenue = biRevenueResponseSchema.parse(
        (await get(ceo, `/admin/api/bi/revenue/dashboard?period=${period}`)).json(),
      ).data;
      expect(revenue.currency).toBe('TRY');
      if (revenue.mrr.grr !== null) expect(revenue.mrr.grr).toBeLessThanOrEqual(100);
      for (const m of revenue.mrr_movements) {
        const moved = m.new_mrr + m.reactivation + m.expansion - m.contraction - m.churn;
        expect(moved).toBeCloseTo(m.end_mrr - m.start_mrr, 2);
      }
    });
  }

  it('takes from/to and refuses bad periods with the field named', async () => {
    const res = await get(ceo, '/admin/api/bi/metrics/overview?from=2026-10-01&to=2026-10-31');
    expect(res.statusCode).toBe(200);
    expect(biOverviewResponseSchema.parse(res.json()).data.period).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      days: 31,
    });
    const bad = await get(ceo, '/admin/api/bi/metrics/overview?period=14');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toContain('period');
    expect((await get(ceo, '/admin/api/bi/metrics/overview?from=2026-10-01')).statusCode).toBe(400);
    expect((await get(ceo, '/admin/api/bi/metrics/overview?from=2026-10-05&to=2026-10-01')).statusCode).toBe(
      400,
    );
  });

  it('refuses a role without any BI part (risk_manager: 403) and anonymous callers (401)', async () => {
    const risk = await tokenFor(t, 'risk_manager');
    for (const url of [...ENDPOINTS.map(([u]) => u), '/admin/api/bi/realtime/metrics']) {
      expect((await get(risk, url)).statusCode, url).toBe(403);
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
    const exp = await get(risk, '/admin/api/bi/export/metrics?type=revenue&from=2026-11-01&to=2026-11-18');
    expect(exp.statusCode).toBe(403);
  });

  it('answers each role only its parts: cfo revenue, marketing users, cto performance; the analyst reads all', async () => {
    const cfo = await tokenFor(t, 'cfo');
    const marketing = await tokenFor(t, 'marketing_manager');
    const cto = await tokenFor(t, 'cto');
    const status = async (token: string, url: string) => (await get(token, url)).statusCode;
    const [overviewUrl, revenueUrl, usersUrl, performanceUrl] = ENDPOINTS.map(([u]) => u);
    expect(await status(cfo, revenueUrl!)).toBe(200);
    expect(await status(cfo, usersUrl!)).toBe(403);
    expect(await status(cfo, performanceUrl!)).toBe(403);
    expect(await status(marketing, usersUrl!)).toBe(200);
    expect(await status(marketing, revenueUrl!)).toBe(403);
    expect(await status(cto, performanceUrl!)).toBe(200);
    expect(await status(cto, usersUrl!)).toBe(403);
    for (const [url] of ENDPOINTS) expect(await status(analyst, url), url).toBe(200);

    // The overview and the real-time strip hold only the caller's parts.
    const overviewOf = async (token: string) =>
      biOverviewResponseSchema.parse((await get(token, overviewUrl!)).json()).data;
    const cfoView = await overviewOf(cfo);
    expect(cfoView.parts).toEqual(['revenue']);
    expect(new Set(cfoView.key_metrics.map((m) => m.category))).toEqual(new Set(['revenue']));
    expect(cfoView.user_growth).toEqual([]);
    expect(cfoView.revenue_trend.length).toBeGreaterThan(0);
    const marketingView = await overviewOf(marketing);
    expect(marketingView.parts).toEqual(['users']);
    expect(marketingView.key_metrics.map((m) => m.metric_name)).not.toContain('MRR');
    expect(marketingView.key_metrics.map((m) => m.metric_name)).toContain('New Sign-ups');
    expect(marketingView.revenue_trend).toEqual([]);
    expect((await overviewOf(analyst)).parts).toEqual(['revenue', 'users', 'performance']);
    const realtime = biRealtimeResponseSchema.parse(
      (await get(marketing, '/admin/api/bi/realtime/metrics')).json(),
    ).data;
    expect(realtime).toMatchObject({ parts: ['users'], revenue_today: null, api_calls_per_minute: null });
    expect(realtime.active_users_now).not.toBeNull();

    // Personal rows: the analyst and marketing read the sign-ups behind a figure but export none.
    expect(await status(marketing, '/admin/api/bi/drilldown/signups?period=30')).toBe(200);
    expect(await status(analyst, '/admin/api/bi/drilldown/signups?period=30')).toBe(200);
    for (const token of [marketing, analyst, cfo])
      expect(await status(token, '/admin/api/bi/drilldown/signups/export?period=30')).toBe(403);
    expect(await status(ceo, '/admin/api/bi/drilldown/signups/export?period=30')).toBe(200);
    // Aggregate exports of their parts are read-only reports: allowed.
    expect(
      await status(analyst, '/admin/api/bi/export/metrics?type=users&from=2026-11-01&to=2026-11-18'),
    ).toBe(200);
  });

  it('never mixes demo and live in one figure: each response and key metric names its population', async () => {
    // Live activity on top of the seeded demo history: one investor, today.
    const inv = await investor(t, { email: 'bi-mix@example.com' });
    await ingest(
      { session_id: 'tab-mixmixmix', events: [{ type: 'page_view', page: '/dashboard' }] },
      { authorization: inv.authorization },
    );
    t.clock.advanceMs(1_000); // the figures count up to now, exclusive
    const demo = biUsersResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/users/analytics?period=30')).json(),
    ).data;
    const live = biUsersResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/users/analytics?period=30&source=live')).json(),
    ).data;
    expect(demo.source).toBe('demo');
    expect(live.source).toBe('live');
    expect(demo.sources).toEqual({ demo: true, live: true });
    // Stickiness of each population is its own average DAU over its own MAU: the live investor active on one day
    // of the 30 is 1/30, not today's 1 over the demo month's investors.
    expect(live.active_users.mau).toBeGreaterThanOrEqual(1);
    expect(live.active_users.stickiness).toBeCloseTo(
      (live.active_users.avg_dau / live.active_users.mau) * 100,
      6,
    );
    expect(demo.active_users.stickiness).toBeCloseTo(
      (demo.active_users.avg_dau / demo.active_users.mau) * 100,
      6,
    );
    // The demo month is steady: stickiness is well above a single day's sliver.
    expect(demo.active_users.stickiness!).toBeGreaterThan(5);
    const overview = biOverviewResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/metrics/overview?period=30')).json(),
    ).data;
    expect(overview.source).toBe('demo');
    for (const m of overview.key_metrics)
      expect(m.source, m.metric_name).toBe(m.category === 'technical' ? 'live' : 'demo');
    const bad = await get(ceo, '/admin/api/bi/users/analytics?source=both');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toContain('source');
  });

  it('ingests batches and rejects oversize and malformed ones with nothing stored', async () => {
    const before = await liveEvents();
    const ok = await ingest({
      session_id: 'tab-12345678',
      events: [{ type: 'page_view', page: '/stocks/:symbol' }, { type: 'search' }],
    });
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toEqual({ success: true, accepted: 2 });
    expect(await liveEvents()).toBe(before + 2);

    const bad: [unknown, number][] = [
      [{ session_id: 'tab-12345678', events: [{ type: 'hack' }] }, 400],
      [{ session_id: 'tab-12345678', events: [{ type: 'page_view', page: '/stocks/THYAO?ref=mail' }] }, 400],
      [{ session_id: 'x', events: [{ type: 'login' }] }, 400],
      [{ session_id: 'tab-12345678', events: [] }, 400],
      [
        {
          session_id: 'tab-12345678',
          events: Array.from({ length: EVENT_BATCH_MAX + 1 }, () => ({ type: 'login' })),
        },
        400,
      ],
      [{ session_id: 'tab-12345678', events: [{ type: 'login', ip: '1.2.3.4' }] }, 400],
      ['{"session_id": "tab-12345678", "events": [', 400],
      [{ session_id: 'tab-12345678', events: [{ type: 'login' }], pad: 'x'.repeat(9_000) }, 413],
    ];
    for (const [payload, status] of bad) {
      const res = await ingest(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().success).toBe(false);
    }
    expect(await liveEvents()).toBe(before + 2);
  });

  it('links a signed-in investor and keeps no address or agent: visitor keys are hashes', async () => {
    const inv = await investor(t);
    const res = await ingest(
      { session_id: 'tab-abcdefgh', events: [{ type: 'sign_up' }, { type: 'login' }] },
      {
        authorization: inv.authorization,
        'user-agent': 'Mozilla/5.0 test-agent',
      },
    );
    expect(res.statusCode).toBe(202);
    const rows = await t.infra.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, inv.userId));
    // The two sent plus the sign-up the server recorded when the account was created.
    expect(rows).toHaveLength(3);
    expect(rows[0]!.visitorKey).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(rows)).not.toContain('test-agent');
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });

  it('has no IP address or user-agent column in any analytics table (read from the schema)', async () => {
    const tables = [
      'request_metrics',
      'analytics_events',
      'analytics_salts',
      'analytics_signups',
      'subscription_events',
      'payments',
    ];
    const result = await t.infra.database.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() and table_name in (${sql.join(
        tables.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    const columns = result.rows;
    expect(new Set(columns.map((c) => c.table_name)).size).toBe(tables.length);
    const suspicious = columns.filter((c) => /(^|_)ip($|_)|addr|agent|\bua\b|card|pan$/i.test(c.column_name));
    expect(suspicious).toEqual([]);
  });

  it('exports CSV files whose figures match the endpoints', async () => {
    const from = '2026-10-20';
    const to = '2026-11-18';
    const res = await get(ceo, `/admin/api/bi/export/metrics?type=revenue&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="revenue_${from}_${to}.csv"`);
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('date,total_revenue_try');
    const revenue = biRevenueResponseSchema.parse(
      (await get(ceo, `/admin/api/bi/revenue/dashboard?from=${from}&to=${to}`)).json(),
    ).data;
    expect(lines.slice(1, -1).map((l) => l.split(','))).toEqual(
      revenue.revenue_trend.map((d) => [d.date, String(d.total_revenue)]),
    );

    const events = (await get(ceo, `/admin/api/bi/export/metrics?type=events&from=${from}&to=${to}`)).body
      .slice(1)
      .split('\r\n');
    const users = biUsersResponseSchema.parse(
      (await get(ceo, `/admin/api/bi/users/analytics?from=${from}&to=${to}`)).json(),
    ).data;
    expect(events[0]).toBe('event_type,event_count');
    expect(events.slice(1, -1)).toEqual(users.event_analysis.map((e) => `${e.event_type},${e.event_count}`));

    for (const type of ['users', 'pages', 'performance', 'mrr']) {
      const r = await get(ceo, `/admin/api/bi/export/metrics?type=${type}&from=${from}&to=${to}`);
      expect(r.statusCode, type).toBe(200);
      expect(r.headers['content-disposition']).toContain(`${type}_${from}_${to}.csv`);
    }
    expect(
      (await get(ceo, `/admin/api/bi/export/metrics?type=secrets&from=${from}&to=${to}`)).statusCode,
    ).toBe(400);
  });

  it('changes a plan through the demo provider: a charge in the ledger, MRR and revenue today follow', async () => {
    const inv = await investor(t);
    expect((await inv.get('/api/subscription')).json().data.plan).toBe('free');
    const before = biRealtimeResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/realtime/metrics')).json(),
    ).data;
    const res = await inv.put('/api/subscription', { plan: 'pro', interval: 'monthly' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ plan: 'pro', interval: 'monthly' });
    const rows = await t.infra.database.db.select().from(payments).where(eq(payments.userId, inv.userId));
    expect(rows).toEqual([
      expect.objectContaining({
        amountKurus: 34_900,
        taxKurus: 6_980,
        currency: 'TRY',
        provider: 'demo',
        source: 'live',
      }),
    ]);
    const after = biRealtimeResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/realtime/metrics')).json(),
    ).data;
    expect(after.revenue_today).toBeCloseTo(before.revenue_today! + 349, 2);
    expect((await inv.put('/api/subscription', { plan: 'gold', interval: 'monthly' })).statusCode).toBe(400);
    const down = await inv.put('/api/subscription', { plan: 'free', interval: 'monthly' });
    expect(down.json().data.plan).toBe('free');
  });

  it('records a sign-up (live) when an investor account is created, and the figures count it', async () => {
    const newSignups = async () =>
      biOverviewResponseSchema
        .parse((await get(ceo, '/admin/api/bi/metrics/overview?period=7&source=live')).json())
        .data.key_metrics.find((m) => m.metric_name === 'New Sign-ups')!.metric_value;
    // The figures count up to now (exclusive): move past the earlier tests' sign-ups, then past this one.
    t.clock.advanceMs(1_000);
    const before = await newSignups();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'bi-kayit@example.com', password: 'gizli-sifre', privacy_notice_acknowledged: true },
    });
    expect(registered.statusCode).toBe(202);
    const inv = await investor(t, { email: 'bi-kayit@example.com' });
    const [signup] = await t.infra.database.db
      .select()
      .from(analyticsSignups)
      .where(eq(analyticsSignups.userId, inv.userId));
    expect(signup).toMatchObject({ source: 'live', signedUpAt: t.clock.now() });
    const events = await t.infra.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, inv.userId));
    expect(events.filter((e) => e.eventType === 'sign_up')).toEqual([
      expect.objectContaining({ source: 'live', visitorKey: expect.stringMatching(/^[0-9a-f]{32}$/) }),
    ]);
    t.clock.advanceMs(1_000);
    expect(await newSignups()).toBe(before! + 1);
    // Registering the same e-mail again is not another sign-up.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'bi-kayit@example.com',
        password: 'baska-sifre-1',
        privacy_notice_acknowledged: true,
      },
    });
    expect(await newSignups()).toBe(before! + 1);
  });

  it('drills down from New Sign-ups and a day of user growth to the sign-ups behind them', async () => {
    for (const period of ['7', '30', '90'] as const) {
      const overview = biOverviewResponseSchema.parse(
        (await get(ceo, `/admin/api/bi/metrics/overview?period=${period}`)).json(),
      ).data;
      const card = overview.key_metrics.find((m) => m.metric_name === 'New Sign-ups')!.metric_value;
      const drill = biSignupDrilldownResponseSchema.parse(
        (await get(ceo, `/admin/api/bi/drilldown/signups?period=${period}`)).json(),
      ).data;
      expect(drill.total).toBe(card);
      expect(drill.rows).toHaveLength(card!);
      // Each day of the chart: that day's rows are its sign-ups.
      for (const day of overview.user_growth) {
        expect(drill.rows.filter((r) => r.date === day.date).length, day.date).toBe(day.signups);
      }
    }
    const overview = biOverviewResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/metrics/overview?period=30')).json(),
    ).data;
    const busy = overview.user_growth.find((d) => d.signups > 0)!;
    const day = biSignupDrilldownResponseSchema.parse(
      (await get(ceo, `/admin/api/bi/drilldown/signups?from=${busy.date}&to=${busy.date}`)).json(),
    ).data;
    expect(day.total).toBe(busy.signups);
    expect(day.rows.every((r) => r.date === busy.date)).toBe(true);
    // No names or e-mails: pseudonymous ids only.
    expect(Object.keys(day.rows[0]!).sort()).toEqual(['date', 'signed_up_at', 'source', 'user_id']);

    const csv = await get(ceo, `/admin/api/bi/drilldown/signups/export?from=${busy.date}&to=${busy.date}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="signups_${busy.date}_${busy.date}.csv"`,
    );
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('user_id,signed_up_at,date,source');
    expect(lines.slice(1, -1)).toEqual(
      day.rows.map((r) => `${r.user_id},${r.signed_up_at},${r.date},${r.source}`),
    );

    const bad = await get(ceo, '/admin/api/bi/drilldown/signups?from=2026-02-30&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toContain('from');
    // Reading the rows is the users part's; exporting them is full access only.
    expect((await get(analyst, '/admin/api/bi/drilldown/signups?period=7')).statusCode).toBe(200);
    expect((await get(analyst, '/admin/api/bi/drilldown/signups/export?period=7')).statusCode).toBe(403);
    expect((await get(null, '/admin/api/bi/drilldown/signups?period=7')).statusCode).toBe(401);
  });

  it("drills down from a month's MRR movements to the investors behind them, summing to the figures", async () => {
    const revenue = biRevenueResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/revenue/dashboard?period=90')).json(),
    ).data;
    expect(revenue.mrr_movements.length).toBeGreaterThan(0);
    const cents = (v: number) => Math.round(v * 100);
    for (const month of revenue.mrr_movements) {
      const res = await get(ceo, `/admin/api/bi/drilldown/mrr?month=${month.month}`);
      expect(res.statusCode, month.month).toBe(200);
      const d = biMrrDrilldownResponseSchema.parse(res.json()).data;
      expect(d.movements).toEqual(month);
      const sum = (rows: typeof d.rows, f: (r: (typeof d.rows)[number]) => number) =>
        rows.reduce((s, r) => s + cents(f(r)), 0);
      const of = (kind: string) => d.rows.filter((r) => r.movement === kind);
      expect(sum(d.rows, (r) => r.start_mrr)).toBe(cents(month.start_mrr));
      expect(sum(d.rows, (r) => r.end_mrr)).toBe(cents(month.end_mrr));
      expect(sum(of('new'), (r) => r.change)).toBe(cents(month.new_mrr));
      expect(sum(of('reactivation'), (r) => r.change)).toBe(cents(month.reactivation));
      expect(sum(of('expansion'), (r) => r.change)).toBe(cents(month.expansion));
      expect(sum(of('contraction'), (r) => -r.change)).toBe(cents(month.contraction));
      expect(sum(of('churn'), (r) => -r.change)).toBe(cents(month.churn));
    }
    const last = revenue.mrr_movements.at(-1)!.month;
    const csv = await get(ceo, `/admin/api/bi/drilldown/mrr/export?month=${last}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="mrr_movements_${last}.csv"`);
    const d = biMrrDrilldownResponseSchema.parse(
      (await get(ceo, `/admin/api/bi/drilldown/mrr?month=${last}`)).json(),
    ).data;
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('user_id,start_mrr_try,end_mrr_try,change_try,movement');
    expect(lines).toHaveLength(d.rows.length + 2);

    for (const month of ['2026-13', '26-11', '', '2026-11-01']) {
      const bad = await get(ceo, `/admin/api/bi/drilldown/mrr?month=${month}`);
      expect(bad.statusCode, month).toBe(400);
      expect(bad.json().field).toContain('month');
    }
    const missing = await get(ceo, '/admin/api/bi/drilldown/mrr');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toContain('month');
    const future = await get(ceo, '/admin/api/bi/drilldown/mrr?month=2026-12');
    expect(future.statusCode).toBe(400);
    expect(future.json().field).toContain('month');
    // The analyst reads the investors behind a month but exports no personal rows.
    expect((await get(analyst, `/admin/api/bi/drilldown/mrr?month=${last}`)).statusCode).toBe(200);
    expect((await get(analyst, `/admin/api/bi/drilldown/mrr/export?month=${last}`)).statusCode).toBe(403);
  });

  it("shows an investor's renewal date and payment history", async () => {
    const inv = await investor(t);
    expect((await inv.get('/api/subscription/payments')).json()).toEqual({ success: true, data: [] });
    const changed = subscriptionResponseSchema.parse(
      (await inv.put('/api/subscription', { plan: 'premium', interval: 'yearly' })).json(),
    ).data;
    expect(changed).toMatchObject({ plan: 'premium', interval: 'yearly' });
    expect(changed.provider).toContain('Demo');
    // A yearly plan runs a calendar year from its charge.
    const renews = new Date(t.clock.now());
    renews.setUTCFullYear(renews.getUTCFullYear() + 1);
    expect(changed.renews_at).toBe(renews.toISOString());

    const history = paymentHistoryResponseSchema.parse(
      (await inv.get('/api/subscription/payments')).json(),
    ).data;
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'charge',
        plan: 'premium',
        amount: 1490,
        tax: 298,
        total: 1788,
        currency: 'TRY',
        provider: 'demo',
      }),
    ]);
    const cancelled = subscriptionResponseSchema.parse(
      (await inv.put('/api/subscription', { plan: 'free', interval: 'monthly' })).json(),
    ).data;
    expect(cancelled).toMatchObject({ plan: 'free', renews_at: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/payments' })).statusCode).toBe(401);
  });

  it('counts API requests by route template into the performance figures', async () => {
    // The running minute counts up to now: move into it.
    t.clock.advanceMs(30_000);
    for (let i = 0; i < 3; i++) await get(ceo, '/admin/api/bi/metrics/overview?period=7');
    const perf = biPerformanceResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/performance/dashboard?period=7')).json(),
    ).data;
    const overview = perf.endpoint_performance.find(
      (e) => e.endpoint === 'GET /admin/api/bi/metrics/overview',
    );
    // The route template, not the URL with its query: every period's calls land in one row.
    expect(overview?.requests).toBeGreaterThanOrEqual(3 + 4);
    expect(overview?.p95_ms).not.toBeNull();
    expect(perf.endpoint_performance.length).toBeLessThanOrEqual(5);
    expect(perf.health_metrics.total_requests).toBeGreaterThan(0);
    // Flushing stores the counters; the figures stay the same (pending + stored, never both).
    const total = perf.health_metrics.total_requests;
    await t.services.bi.flushRequestMetrics(true);
    const again = biPerformanceResponseSchema.parse(
      (await get(ceo, '/admin/api/bi/performance/dashboard?period=7')).json(),
    ).data;
    expect(again.health_metrics.total_requests).toBe(total + 1);
  });

  it('renews paid plans whose period ended, once per period even with two passes at once; cancelled plans stay free', async () => {
    const start = t.clock.now();
    const inv = await investor(t, { email: 'bi-yenileme@example.com' });
    expect((await inv.put('/api/subscription', { plan: 'premium', interval: 'monthly' })).statusCode).toBe(
      200,
    );
    const quitter = await investor(t, { email: 'bi-iptal@example.com' });
    await quitter.put('/api/subscription', { plan: 'pro', interval: 'monthly' });
    await quitter.put('/api/subscription', { plan: 'free', interval: 'monthly' });
    const chargesOf = async (userId: string) =>
      (await t.infra.database.db.select().from(payments).where(eq(payments.userId, userId))).length;
    // Nothing is due within the first month.
    expect(await t.services.subscriptions.renewDue()).toBe(0);
    try {
      // Two months and two days later: two periods ended (18 December, 18 January).
      t.clock.set(new Date(start.getTime() + 63 * 86_400_000));
      const passes = await Promise.all([
        t.services.subscriptions.renewDue(),
        t.services.subscriptions.renewDue(),
      ]);
      expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await chargesOf(inv.userId)).toBe(3);
      expect(await chargesOf(quitter.userId)).toBe(1);
      // (The investor's session has expired by now: read through the service.)
      const sub = await t.services.subscriptions.subscription(inv.userId);
      expect(sub).toMatchObject({ plan: 'premium', interval: 'monthly' });
      expect(sub.renewsAt?.toISOString().slice(0, 10)).toBe('2027-02-18');
      const history = await t.services.subscriptions.paymentHistory(inv.userId);
      expect(history.map((p) => p.occurred_at.slice(0, 10)).sort()).toEqual([
        '2026-11-18',
        '2026-12-18',
        '2027-01-18',
      ]);
      expect(history.every((p) => p.total === 178.8)).toBe(true);
      expect(await t.services.subscriptions.renewDue()).toBe(0);
    } finally {
      t.clock.set(start);
    }
  });
});
