import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe(loadConfig.name, () => {
  it('answers only this machine in demo mode unless HOST is set', () => {
    expect(loadConfig({})).toMatchObject({ demoMode: true, host: 'localhost' });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ demoMode: true, host: '0.0.0.0' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/bist' })).toMatchObject({
      demoMode: false,
      host: '0.0.0.0',
    });
    expect(loadConfig({ DEMO_MODE: 'false' })).toMatchObject({ demoMode: false, host: '0.0.0.0' });
  });

  it('lists every bad variable together', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('lets an API process on PostgreSQL only enqueue ML jobs (ML_WORKERS=0), never on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/bist', ML_WORKERS: '0' }).mlWorkers).toBe(0);
    expect(() => loadConfig({ ML_WORKERS: '0' })).toThrow(/ML_WORKERS: 0 .*needs DATABASE_URL/);
  });

  it('uses the real market whenever it answers by default (auto), at Yahoo unless MARKET_PROVIDER_URL says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ marketFeed: 'auto', marketProviderUrl: undefined });
    expect(loadConfig({ MARKET_PROVIDER_URL: 'http://127.0.0.1:3350/' }).marketProviderUrl).toBe(
      'http://127.0.0.1:3350',
    );
    expect(() => loadConfig({ MARKET_PROVIDER_URL: 'ftp://x' })).toThrow(/MARKET_PROVIDER_URL/);
    expect(() => loadConfig({ MARKET_FEED: 'bloomberg' })).toThrow(/MARKET_FEED: must be one of auto/);
  });

  it("raises the real feed's request budget only for another provider URL, never for Yahoo's own hosts", () => {
    expect(loadConfig({}).marketProviderRequestsPerMinute).toBeUndefined();
    expect(
      loadConfig({
        MARKET_PROVIDER_URL: 'http://127.0.0.1:3350',
        MARKET_PROVIDER_REQUESTS_PER_MINUTE: '5000',
      }).marketProviderRequestsPerMinute,
    ).toBe(5000);
    expect(() => loadConfig({ MARKET_PROVIDER_REQUESTS_PER_MINUTE: '5000' })).toThrow(
      /MARKET_PROVIDER_REQUESTS_PER_MINUTE: only with MARKET_PROVIDER_URL/,
    );
    expect(() =>
      loadConfig({ MARKET_PROVIDER_URL: 'http://127.0.0.1:3350', MARKET_PROVIDER_REQUESTS_PER_MINUTE: '0' }),
    ).toThrow(/MARKET_PROVIDER_REQUESTS_PER_MINUTE/);
  });

  it('uses TCMB EVDS only with EVDS_API_KEY, at EVDS_URL when given, and never repeats a bad key in the error', () => {
    expect(loadConfig({}).evdsApiKey).toBeUndefined();
    expect(loadConfig({ EVDS_API_KEY: '  ' }).evdsApiKey).toBeUndefined();
    const config = loadConfig({ EVDS_API_KEY: ' AbC123xyz ', EVDS_URL: 'http://127.0.0.1:4100/' });
    expect(config.evdsApiKey).toBe('AbC123xyz');
    expect(config.evdsUrl).toBe('http://127.0.0.1:4100');
    expect(() => loadConfig({ EVDS_URL: 'ftp://x' })).toThrow(/EVDS_URL: must be an http/);
    let message = '';
    try {
      loadConfig({ EVDS_API_KEY: 'secret key with spaces' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/EVDS_API_KEY: must be printable ASCII/);
    expect(message).not.toContain('secret');
  });

  it('runs only the simulated market off the real clock', () => {
    expect(loadConfig({}).marketClockOffsetMs).toBe(0);
    expect(loadConfig({ MARKET_CLOCK_OFFSET_MS: '-3600000' })).toMatchObject({
      marketClockOffsetMs: -3_600_000,
      marketFeed: 'simulated',
    });
    expect(() => loadConfig({ MARKET_CLOCK_OFFSET_MS: '1000', MARKET_FEED: 'auto' })).toThrow(
      /MARKET_CLOCK_OFFSET_MS: only the simulated feed/,
    );
    expect(() => loadConfig({ MARKET_CLOCK_OFFSET_MS: '1000', MARKET_FEED: 'yahoo' })).toThrow(
      /MARKET_CLOCK_OFFSET_MS: only the simulated feed/,
    );
    expect(() => loadConfig({ MARKET_CLOCK_OFFSET_MS: 'soon' })).toThrow(/MARKET_CLOCK_OFFSET_MS/);
  });

  it('trains every phase on a fresh install by default; false trains nothing, first-phase only the quick models', () => {
    expect(loadConfig({}).mlInitialTraining).toBe('all');
    expect(loadConfig({ ML_INITIAL_TRAINING: 'off' }).mlInitialTraining).toBe('none');
    expect(loadConfig({ ML_INITIAL_TRAINING: 'first-phase' }).mlInitialTraining).toBe('first-phase');
    expect(() => loadConfig({ ML_INITIAL_TRAINING: 'some' })).toThrow(
      /ML_INITIAL_TRAINING: must be one of true, false, first-phase/,
    );
  });
});
