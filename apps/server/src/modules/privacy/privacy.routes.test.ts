import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES, KVKK_DEADLINE_DAYS } from '@bist/contracts';
import {
  analyticsEvents,
  analyticsSignups,
  complianceAlerts,
  complianceViolations,
  payments,
  subscriptionEvents,
  splitOfferDismissals,
} from '@/db/schema/index';
import { createTestApp, type TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
import { ERASED_PLACEHOLDER, KVKK_EXCLUDED_TABLES, KVKK_TABLES } from './kvkk.ts';

const PASSWORD = 'gizli-sifre';

/** Registers an investor with a name (the helper's registration has none) and signs them in. */
async function namedInvestor(t: TestApp, email: string, name: string): Promise<Investor> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD, name, privacy_notice_acknowledged: true },
  });
  expect(res.statusCode).toBe(202);
  return investor(t, { email, demoLogin: true });
}

/** A deposit, a buy, a watchlist entry, a price alert, a subscription, a payment and two analytics events. */
async function plantActivity(t: TestApp, inv: Investor, symbol: string, quantity: number): Promise<void> {
  expect(
    (await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-10-01', amount: 100_000 }))
      .statusCode,
  ).toBe(201);
  expect(
    (
      await inv.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-10-02',
        symbol,
        quantity,
        price: 100,
        commission: 5,
      })
    ).statusCode,
  ).toBe(201);
  expect((await inv.post('/api/watchlist', { symbol })).statusCode).toBe(201);
  expect(
    (await inv.post('/api/alerts', { symbol, direction: 'above', threshold_price: 999 })).statusCode,
  ).toBe(201);
  const db = t.infra.database.db;
  const at = new Date('2026-11-01T10:00:00Z');
  await db.insert(subscriptionEvents).values({
    userId: inv.userId,
    occurredAt: at,
    kind: 'start',
    planId: 'pro',
    billingInterval: 'monthly',
    mrrKurus: 19_900,
    source: 'live',
  });
  await db.insert(payments).values({
    userId: inv.userId,
    occurredAt: at,
    kind: 'charge',
    planId: 'pro',
    amountKurus: 19_900,
    taxKurus: 3_980,
    currency: 'TRY',
    provider: 'demo',
    providerRef: `ref-${inv.userId.slice(0, 8)}`,
    source: 'live',
  });
  // A split offer declined ('Yoksay'): stored by the portfolio, erased with the investor.
  await db
    .insert(splitOfferDismissals)
    .values({ userId: inv.userId, symbol, actionDate: '2026-10-15', numerator: 1, denominator: 10 });
  // Registration already recorded the sign-up (BI); planted here too for a user created another way.
  await db
    .insert(analyticsSignups)
    .values({ userId: inv.userId, signedUpAt: at, source: 'live' })
    .onConflictDoNothing();
  await db.insert(analyticsEvents).values([
    {
      occurredAt: at,
      eventType: 'page_view',
      page: '/portfoy',
      visitorKey: 'v',
      sessionKey: 's',
      userId: inv.userId,
      source: 'live',
    },
    {
      occurredAt: at,
      eventType: 'page_view',
      page: '/hisseler/:symbol',
      visitorKey: 'v',
      sessionKey: 's',
      userId: inv.userId,
      source: 'live',
    },
  ]);
}

/** The parts of the export file the tests read. */
interface ExportFile {
  profile: Record<string, unknown>;
  portfolio: { transactions: Record<string, unknown>[]; split_offer_dismissals: Record<string, unknown>[] };
  watchlist: unknown[];
  price_alerts: unknown[];
  subscription_events: unknown[];
  payments: unknown[];
  analytics: { events: unknown[] };
  sessions: Record<string, unknown>[];
  kvkk_requests: unknown[];
}

async function exportOf(inv: Investor) {
  const res = await inv.post('/api/privacy/export');
  expect(res.statusCode).toBe(200);
  return { res, body: JSON.parse(res.body) as ExportFile };
}

/**
 * Every (table, column) of the whole database, of a text, JSON, array or uuid type, whose value contains `needle`
 * (case-insensitive): read from information_schema, so a table or column added later is scanned too.
 */
async function whereInDatabase(t: TestApp, needle: string): Promise<string[]> {
  const db = t.infra.database.db;
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'uuid')`);
  expect(columns.rows.length).toBeGreaterThan(100); // the scan reads the whole schema
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hit = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
    );
    if (Number(hit.rows[0]!.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('KVKK: every table with an investor id is covered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: false } });
  });
  afterAll(async () => t.close());

  it('lists each table with a user id column or a foreign key to customer_users as covered or excluded', async () => {
    const db = t.infra.database.db;
    const byName = await db.execute<{ table_name: string }>(sql`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and (column_name = 'user_id' or column_name like '%\\_user\\_id')`);
    const byKey = await db.execute<{ table_name: string }>(sql`
      select distinct conrelid::regclass::text as table_name from pg_constraint
      where contype = 'f' and confrelid = 'customer_users'::regclass`);
    const found = new Set([
      'customer_users',
      ...byName.rows.map((r) => r.table_name),
      ...byKey.rows.map((r) => r.table_name.replace(/^public\./, '').replace(/"/g, '')),
    ]);
    const declared = new Set([...Object.keys(KVKK_TABLES), ...Object.keys(KVKK_EXCLUDED_TABLES)]);
    expect([...found].sort()).toEqual([...declared].sort());
  });
});

describe('KVKK routes (investor)', () => {
  let t: TestApp;
  let zeynep: Investor;
  let other: Investor;
  const email = 'zeynep.kvkk@example.com';
  const name = 'Zeynep Kvkktestoğlu';

  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket(), config: { demoMode: false } });
    zeynep = await namedInvestor(t, email, name);
    other = await namedInvestor(t, 'baska.yatirimci@example.com', 'Başka Yatırımcı');
    await plantActivity(t, zeynep, 'THYAO', 40);
    await plantActivity(t, other, 'GARAN', 70);
  });
  afterAll(async () => t.close());

  it('needs a customer session', async () => {
    for (const url of ['/api/privacy/export', '/api/privacy/erasure']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { password: PASSWORD } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('exports everything about the investor as a dated JSON attachment, nothing of another investor', async () => {
    const { res, body } = await exportOf(zeynep);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="bist-ai-verilerim-2026-11-18.json"',
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(body.profile).toMatchObject({ id: zeynep.userId, email, name });
    const buys = body.portfolio.transactions.filter((row) => row.type === 'buy');
    expect(buys).toEqual([expect.objectContaining({ symbol: 'THYAO', quantity: 40, price_try: 100 })]);
    expect(body.portfolio.transactions).toHaveLength(2);
    expect(body.portfolio.split_offer_dismissals).toEqual([
      expect.objectContaining({ symbol: 'THYAO', date: '2026-10-15', numerator: 1, denominator: 10 }),
    ]);
    expect(body.watchlist).toEqual([expect.objectContaining({ symbol: 'THYAO' })]);
    expect(body.price_alerts).toEqual([expect.objectContaining({ symbol: 'THYAO', threshold_try: 999 })]);
    expect(body.subscription_events).toEqual([expect.objectContaining({ plan_id: 'pro', kind: 'start' })]);
    expect(body.payments).toEqual([expect.objectContaining({ amount_kurus: 19_900 })]);
    // The two planted events and the sign-up that registration recorded.
    expect(body.analytics.events).toHaveLength(3);
    expect(body.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.sessions[0]!).sort()).toEqual(['created_at', 'expires_at', 'revoked_at']);
    expect(body.kvkk_requests).toEqual([expect.objectContaining({ type: 'access', status: 'completed' })]);
    // Secrets and the other investor are nowhere in the file.
    const text = res.body;
    const secrets = await t.infra.database.db.execute<{ password_hash: string; token_hash: string }>(sql`
      select u.password_hash, s.token_hash from customer_users u join customer_sessions s on s.user_id = u.id
      where u.id = ${zeynep.userId}`);
    expect(secrets.rows.length).toBeGreaterThan(0);
    for (const row of secrets.rows) {
      expect(text).not.toContain(row.password_hash);
      expect(text).not.toContain(row.token_hash);
    }
    expect(text).not.toMatch(/"(password_hash|token_hash|token|ip|user_agent)":/);
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain('baska.yatirimci');
    expect(text).not.toContain('GARAN');
  });

  it('refuses the erasure with a wrong or missing password, naming the field, and erases nothing', async () => {
    const wrong = await zeynep.post('/api/privacy/erasure', { password: 'yanlis-sifre' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, field: 'password', error: 'Şifre hatalı' });
    const missing = await zeynep.post('/api/privacy/erasure', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, field: 'password' });
    expect((await zeynep.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('erases the account: no e-mail or name left anywhere, ledger kept under a pseudonym, others unchanged', async () => {
    const db = t.infra.database.db;
    const mention = `${name} (${email}, ${zeynep.userId})`;
    // Her own free text: a trade note and a price-alert note naming herself.
    expect(
      (
        await zeynep.post('/api/portfolio/transactions', {
          type: 'deposit',
          date: '2026-10-03',
          amount: 10,
          note: `Maaş — ${name}, ${email}`,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await zeynep.post('/api/alerts', {
          symbol: 'THYAO',
          direction: 'below',
          threshold_price: 1,
          note: `${name} için`,
        })
      ).statusCode,
    ).toBe(201);
    // Surveillance: an investor-rule violation about her with staff text naming her in every text field, and its alert
    // (titled with her id, as the rule run writes it).
    const [violation] = await db
      .insert(complianceViolations)
      .values({
        ruleCode: 'INV_LARGE_TRADE',
        ruleVersion: 1,
        severity: 'high',
        status: 'investigating',
        entityType: 'investor',
        entityId: zeynep.userId,
        windowKey: 'trade-1',
        description: `A single trade over the threshold by ${mention}`,
        evidence: { figures: { value_try: 4_000 }, note: mention, [email]: name },
        occurredAt: '2026-10-02',
        detectedAt: t.clock.now(),
        assignedTo: `${name} dosyası`,
        resolutionNotes: `Called ${email} about it`,
        history: [{ status: 'investigating', notes: `asked ${email}, spoke to ${name}` }],
        updatedAt: t.clock.now(),
      })
      .returning();
    await db.insert(complianceAlerts).values({
      violationId: violation!.id,
      source: 'investor',
      severity: 'high',
      title: `Large trade: ${zeynep.userId}`,
      description: `A single trade over the threshold by ${mention}`,
      createdAt: t.clock.now(),
      ackDeadlineAt: t.clock.now(),
    });
    // The audit log: staff moving that violation with notes naming her (as ComplianceService writes it), and her
    // e-mail typed into the staff sign-in (admin-auth records the failed login with the e-mail).
    const staff = { id: '11111111-1111-4111-8111-111111111111', email: 'uyum@bistai.demo' };
    await t.services.audit.record({
      eventType: 'compliance_check',
      action: 'violation_updated',
      actor: staff,
      target: { type: 'compliance_violation', id: violation!.id },
      before: { status: 'open', assigned_to: null },
      after: { status: 'investigating', assigned_to: staff.email, resolution_notes: `spoke to ${mention}` },
      details: { rule_code: 'INV_LARGE_TRADE', entity_type: 'investor', entity_id: zeynep.userId },
      meta: { ip: '10.0.0.7', userAgent: 'vitest' },
    });
    const staffLogin = await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(staffLogin.statusCode).toBe(401);
    // A wrong password on the investor sign-in: the throttle keys the account by e-mail.
    const wrongLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'yanlis-sifre' },
    });
    expect(wrongLogin.statusCode).toBe(401);
    const head = await t.services.audit.verifyChain();
    expect(head.broken).toBeNull();
    for (const needle of [email, name, zeynep.userId])
      expect(await whereInDatabase(t, needle)).not.toEqual([]);
    const otherBefore = (await other.get('/api/portfolio/overview')).json();
    const otherTransactions = (await other.get('/api/portfolio/transactions')).json();
    expect(await whereInDatabase(t, email)).not.toEqual([]); // the scan finds what is there

    const res = await zeynep.post('/api/privacy/erasure', { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      reference: expect.stringMatching(/^KVKK-[0-9A-F]{10}$/),
      // What the law keeps, unlinked: her two buys and the deposit, the Pro payment and its subscription event.
      retained: { transactions: 3, payments: 1, subscription_events: 1 },
    });

    expect(await whereInDatabase(t, email)).toEqual([]);
    expect(await whereInDatabase(t, 'zeynep.kvkk')).toEqual([]);
    expect(await whereInDatabase(t, name)).toEqual([]);
    expect(await whereInDatabase(t, 'Kvkktestoğlu')).toEqual([]);
    expect(await whereInDatabase(t, zeynep.userId)).toEqual([]);

    // The session ends at once and the password no longer signs in.
    expect((await zeynep.get('/api/auth/me')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Retained rows: the buy, the deposit, the payment and subscription under one new random id.
    const kept = await db.execute<{ user_id: string; n: number }>(sql`
      select user_id, count(*)::int as n from portfolio_transactions
      where user_id <> ${other.userId} group by user_id`);
    expect(kept.rows).toHaveLength(1);
    const pseudonym = kept.rows[0]!.user_id;
    expect(Number(kept.rows[0]!.n)).toBe(3);
    const notes = await db.execute<{ note: string | null }>(
      sql`select note from portfolio_transactions where user_id = ${pseudonym}`,
    );
    expect(notes.rows.map((r) => r.note)).toEqual([null, null, null]);
    const paid = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments where user_id = ${pseudonym}`,
    );
    expect(Number(paid.rows[0]!.n)).toBe(1);
    const pseudonymised = `${ERASED_PLACEHOLDER} (${ERASED_PLACEHOLDER}, ${pseudonym})`;
    const keptViolation = await db.execute<{
      entity_id: string;
      resolution_notes: string;
      description: string;
    }>(
      sql`select entity_id, resolution_notes, description from compliance_violations where window_key = 'trade-1'`,
    );
    expect(keptViolation.rows[0]).toEqual({
      entity_id: pseudonym,
      resolution_notes: 'Called [silinen kullanıcı] about it',
      description: `A single trade over the threshold by ${pseudonymised}`,
    });
    const alert = await db.execute<{ title: string }>(sql`select title from compliance_alerts`);
    expect(alert.rows).toEqual([{ title: `Large trade: ${pseudonym}` }]);
    const unlinked = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from analytics_events where user_id is null`,
    );
    // Her two planted events and her sign-up event (registration records one).
    expect(Number(unlinked.rows[0]!.n)).toBe(3);
    const gone = await db.execute<{ n: number }>(sql`
      select (select count(*) from watchlist_items where user_id not in (${other.userId}))::int
           + (select count(*) from price_alerts where user_id not in (${other.userId}))::int
           + (select count(*) from customer_sessions where user_id not in (${other.userId}))::int as n`);
    expect(Number(gone.rows[0]!.n)).toBe(0);

    // The other investor's figures and ledger are exactly as before.
    expect((await other.get('/api/portfolio/overview')).json()).toEqual(otherBefore);
    expect((await other.get('/api/portfolio/transactions')).json()).toEqual(otherTransactions);
    expect((await exportOf(other)).body.portfolio.transactions).toHaveLength(2);

    // The audit entries were redacted, not removed: the staff note now names the pseudonym.
    const redacted = await db.execute<{ after: { resolution_notes: string } }>(
      sql`select after from admin_audit_log where action = 'violation_updated'`,
    );
    expect(redacted.rows[0]!.after.resolution_notes).toBe(`spoke to ${pseudonymised}`);
    // The chain still verifies, and so does the head kept before the erasure (stored hashes are unchanged).
    const chain = await t.services.audit.verifyChain({ keptHead: head.head });
    expect(chain.broken).toBeNull();
    const trace = await db.execute<{ action: string; user_email: string | null; ip: string | null }>(
      sql`select action, user_email, ip from admin_audit_log where entity_type = 'kvkk_request' order by id`,
    );
    expect(trace.rows.map((r) => r.action)).toEqual([
      'kvkk_access_request_completed',
      'audit_entries_redacted',
      'kvkk_erasure_completed',
      'kvkk_access_request_completed', // the other investor's export just above
    ]);
    expect(trace.rows.every((r) => r.user_email === null && r.ip === null)).toBe(true);
  });

  it('lets the e-mail be registered again as a new, empty account', async () => {
    const again = await namedInvestor(t, email, 'Yeni Hesap');
    const body = (await exportOf(again)).body;
    expect(body.portfolio.transactions).toEqual([]);
    expect(body.kvkk_requests).toHaveLength(1); // only this export: the old requests are not linked to it
  });
});

describe('KVKK requests on the compliance page (admin)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp({ market: investorMarket() });
  });
  afterAll(async () => t.close());

  const list = async (role: (typeof ADMIN_ROLES)[number], query = '') =>
    t.app.inject(
      withToken(await tokenFor(t, role), {
        method: 'GET',
        url: `/admin/api/compliance/kvkk-requests${query}`,
      }),
    );

  it('lists requests with their 30-day deadline; an erased subject only by reference', async () => {
    const ayse = await investor(t, { email: 'ayse.kvkk@example.com', demoLogin: true });
    const mehmet = await investor(t, { email: 'mehmet.kvkk@example.com', demoLogin: true });
    expect((await ayse.post('/api/privacy/export')).statusCode).toBe(200);
    t.clock.advanceMs(60_000);
    expect((await mehmet.post('/api/privacy/export')).statusCode).toBe(200);
    t.clock.advanceMs(60_000);
    const erased = await mehmet.post('/api/privacy/erasure', { password: PASSWORD });
    expect(erased.statusCode).toBe(200);
    const reference = erased.json<{ reference: string }>().reference;

    const res = await list('risk_manager');
    expect(res.statusCode).toBe(200);
    const { requests, open, overdue } = res.json().data;
    expect({ open, overdue }).toEqual({ open: 0, overdue: 0 });
    expect(requests).toHaveLength(3);
    const [erasure, mehmetAccess, ayseAccess] = requests;
    expect(erasure).toMatchObject({
      type: 'erasure',
      status: 'completed',
      reference,
      subject_email: null,
      subject_erased: true,
      days_left: null,
      overdue: false,
    });
    expect(Date.parse(erasure.deadline_at) - Date.parse(erasure.requested_at)).toBe(
      KVKK_DEADLINE_DAYS * 86_400_000,
    );
    expect(mehmetAccess).toMatchObject({ type: 'access', subject_email: null, subject_erased: true });
    expect(ayseAccess).toMatchObject({ type: 'access', subject_email: 'ayse.kvkk@example.com' });
    expect(JSON.stringify(requests)).not.toContain('mehmet');

    const onlyErasures = (await list('cfo', '?type=erasure')).json().data.requests;
    expect(onlyErasures).toHaveLength(1);
    const bad = await list('super_admin', '?type=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: expect.stringContaining('type') });
  });

  it('in demo mode, the erased e-mail signs in to a new, empty account (as any unknown e-mail does)', async () => {
    const again = await investor(t, { email: 'mehmet.kvkk@example.com', demoLogin: true });
    const body = JSON.parse((await again.post('/api/privacy/export')).body);
    expect(body.portfolio.transactions).toEqual([]);
    expect(body.kvkk_requests).toHaveLength(1);
  });

  it('limits password guesses on the erasure to 10 a minute per address (429)', async () => {
    const guesser = await investor(t, { email: 'tahmin.kvkk@example.com', demoLogin: true });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/privacy/erasure',
        headers: { authorization: guesser.authorization },
        payload: { password: `yanlis-${i}` },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    expect((await guesser.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 403 to roles outside the compliance read mapping, 401 without a token', async () => {
    for (const role of ADMIN_ROLES) {
      const res = await list(role);
      const allowed = ['super_admin', 'risk_manager', 'cfo'].includes(role);
      expect(res.statusCode, role).toBe(allowed ? 200 : 403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/api/compliance/kvkk-requests' });
    expect(anonymous.statusCode).toBe(401);
  });
});
