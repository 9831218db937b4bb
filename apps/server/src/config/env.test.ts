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
});
