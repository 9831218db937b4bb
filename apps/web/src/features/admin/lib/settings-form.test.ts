import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '@bist/contracts';
import { changedSettings, parseSettingsForm, toFormValues } from './settings-form';

describe('settings form', () => {
  it('round-trips the defaults', () => {
    const values = toFormValues(DEFAULT_PLATFORM_SETTINGS);
    expect(values.market_feed).toBe('auto');
    expect(parseSettingsForm(values)).toEqual({ ok: true, settings: DEFAULT_PLATFORM_SETTINGS });
  });

  it('names the range for numbers out of range and the type for text', () => {
    const values = { ...toFormValues(DEFAULT_PLATFORM_SETTINGS), market_poll_interval_ms: '500' };
    const outOfRange = parseSettingsForm(values);
    expect(outOfRange.ok ? null : outOfRange.errors.market_poll_interval_ms).toBe(
      'Enter a whole number of milliseconds from 1,000 to 300,000',
    );
    const text = parseSettingsForm({ ...values, market_poll_interval_ms: 'abc', ml_schedule_time: '25:00' });
    expect(text.ok ? null : text.errors.market_poll_interval_ms).toBe('Must be a number of milliseconds');
    expect(text.ok ? null : text.errors.ml_schedule_time).toBe('Use HH:MM (24-hour, Europe/Istanbul)');
  });

  it('sends only what changed', () => {
    const after = { ...DEFAULT_PLATFORM_SETTINGS, market_feed: 'simulated' as const };
    expect(changedSettings(DEFAULT_PLATFORM_SETTINGS, after)).toEqual({ market_feed: 'simulated' });
  });
});
