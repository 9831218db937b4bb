import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { adminLogin, createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { SettingsRepository } from './settings.repository.ts';
import { SettingsService, settingsFromStored } from './settings.service.ts';

describe('settingsFromStored', () => {
  it('keeps valid stored fields and falls back to defaults for missing, invalid and unknown ones', () => {
    expect(settingsFromStored(null)).toEqual(DEFAULT_PLATFORM_SETTINGS);
    // price_band_fraction was removed (it changed nothing): a stored value of it is ignored.
    expect(
      settingsFromStored({
        market_feed: 'yahoo',
        ml_schedule_time: '7',
        price_band_fraction: 0.15,
        obsolete: 1,
      }),
    ).toEqual({ ...DEFAULT_PLATFORM_SETTINGS, market_feed: 'yahoo' });
  });
});

describe('admin settings routes', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAdminTestApp();
    token = await tokenFor(t, 'super_admin');
  });
  afterAll(async () => t.close());

  const get = () => t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/settings' }));
  const put = (payload: object) =>
    t.app.inject(withToken(token, { method: 'PUT', url: '/admin/api/settings', payload }));

  it('returns the defaults before anything is set, MARKET_FEED as the market feed (tests pin the simulator)', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const defaults = { ...DEFAULT_PLATFORM_SETTINGS, market_feed: 'simulated' };
    expect(res.json()).toEqual({ success: true, settings: defaults, updated_at: null, updated_by: null });
    expect(await t.services.settings.get()).toEqual(defaults);
  });

  it('validates every field and names it; nothing is saved from a refused update', async () => {
    const cases: [object, string][] = [
      [{ market_feed: 'bloomberg' }, 'market_feed'],
      [{ market_poll_interval_ms: 10 }, 'market_poll_interval_ms'],
      [{ market_poll_interval_ms: 1500.5 }, 'market_poll_interval_ms'],
      [{ client_refresh_interval_ms: 10_000_000 }, 'client_refresh_interval_ms'],
      [{ ml_schedule_time: '25:00' }, 'ml_schedule_time'],
      [{ ml_schedule_time: '9:30' }, 'ml_schedule_time'],
      [{ ml_auto_retrain: 'yes' }, 'ml_auto_retrain'],
      [{ admin_session_ttl_hours: 0 }, 'admin_session_ttl_hours'],
      [{ market_feed: 'yahoo', unknown_setting: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      if (field) expect(res.json().field).toBe(field);
      else expect(res.json().error).toContain('unknown_setting');
    }
    expect((await get()).json().updated_at).toBeNull();
  });

  it('applies a partial update, records who changed it and audits before/after of the changed fields only', async () => {
    const res = await put({
      market_feed: 'yahoo',
      ml_schedule_time: '19:05',
      ml_auto_retrain: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual({
      ...DEFAULT_PLATFORM_SETTINGS,
      market_feed: 'yahoo',
      ml_schedule_time: '19:05',
    });
    expect(body.updated_at).toBe(t.clock.now().toISOString());
    expect(body.updated_by).toMatchObject({ email: 'superadmin@bistai.demo' });
    expect((await get()).json()).toEqual(body);
    expect((await t.services.settings.get()).market_feed).toBe('yahoo');

    const log = (
      await t.app.inject(
        withToken(token, { method: 'GET', url: '/admin/api/audit-log?event_type=system_config' }),
      )
    ).json();
    expect(log.total).toBe(1);
    expect(log.entries[0]).toMatchObject({
      action: 'settings_updated',
      entity_type: 'settings',
      user_email: 'superadmin@bistai.demo',
      before: { market_feed: 'simulated', ml_schedule_time: '18:30' },
      after: { market_feed: 'yahoo', ml_schedule_time: '19:05' },
    });

    // A no-op update writes nothing.
    t.clock.advanceMs(60_000);
    expect((await put({ market_feed: 'yahoo' })).json().updated_at).toBe(body.updated_at);
    expect(
      (
        await t.app.inject(
          withToken(token, { method: 'GET', url: '/admin/api/audit-log?event_type=system_config' }),
        )
      ).json().total,
    ).toBe(1);
  });

  it('applies the staff session lifetime and lockout threshold to new sign-ins', async () => {
    expect((await put({ admin_session_ttl_hours: 1, admin_max_failed_logins: 3 })).statusCode).toBe(200);
    const login = await adminLogin(t, 'ceo@bistai.demo', 'ceo-demo-2026');
    expect(Date.parse(login.json().expires_at) - t.clock.now().getTime()).toBe(3_600_000);
    for (let i = 0; i < 3; i += 1)
      expect((await adminLogin(t, 'cfo@bistai.demo', `bad-password-${i}`)).statusCode).toBe(401);
    expect((await adminLogin(t, 'cfo@bistai.demo', 'cfo-demo-2026')).statusCode).toBe(429);
  });

  it('stores only the fields admins saved: the others keep following their defaults (MARKET_FEED)', async () => {
    const row = await new SettingsRepository(t.infra.database.db).find('platform');
    expect(row?.value).not.toHaveProperty('client_refresh_interval_ms');
    const elsewhere = new SettingsService(
      new SettingsRepository(t.infra.database.db),
      t.services.audit,
      t.clock,
      { market_feed: 'auto' },
    );
    expect((await elsewhere.get()).market_feed).toBe('yahoo'); // saved above by an admin
    await put({ market_feed: 'simulated' });
    expect((await elsewhere.get()).market_feed).toBe('simulated');
  });

  it('tells change listeners what changed, after the save, and keeps the save when a listener fails', async () => {
    const seen: { poll: number; changed: readonly string[] }[] = [];
    const stop = t.services.settings.onChange((settings, changed) => {
      seen.push({ poll: settings.market_poll_interval_ms, changed });
    });
    const failing = t.services.settings.onChange(() => {
      throw new Error('listener down');
    });
    const res = await put({ market_poll_interval_ms: 7_000 });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual([{ poll: 7_000, changed: ['market_poll_interval_ms'] }]);
    expect((await t.services.settings.get()).market_poll_interval_ms).toBe(7_000);
    await put({ market_poll_interval_ms: 7_000 }); // nothing changed: no call
    expect(seen).toHaveLength(1);
    stop();
    failing();
  });
});
