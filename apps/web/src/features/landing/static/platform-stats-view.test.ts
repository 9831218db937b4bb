import { describe, expect, it } from 'vitest';
import { platformStatsView, UPTIME_MIN_SECONDS } from './platform-stats-view';

describe('platformStatsView', () => {
  it('formats the counts in Turkish and hides the uptime before a week of running', () => {
    const view = platformStatsView({
      data: { stocks: 1596, indices: 42, algorithms: 7, uptimePercent: 99.95, uptimeSeconds: 3600 },
    });
    expect(view).toEqual({
      values: { stocks: '1.596', indices: '42', algorithms: '7' },
      uptime: null,
      unavailable: false,
    });
  });
  it('shows the uptime once the server has run for a week', () => {
    const view = platformStatsView({
      data: {
        stocks: 596,
        indices: 42,
        algorithms: 7,
        uptimePercent: 99.95,
        uptimeSeconds: UPTIME_MIN_SECONDS,
      },
    });
    expect(view.uptime).toBe('%100,0');
    expect(
      platformStatsView({ data: { uptimePercent: 97.25, uptimeSeconds: UPTIME_MIN_SECONDS + 1 } }).uptime,
    ).toBe('%97,3');
  });
  it("shows '---' for unknown counts and flags an unreadable body", () => {
    expect(platformStatsView({ data: { stocks: null, indices: null, algorithms: null } }).values).toEqual({
      stocks: '---',
      indices: '---',
      algorithms: '---',
    });
    for (const body of [undefined, null, 'x', { error: { code: 'X' } }, { data: null }]) {
      const view = platformStatsView(body);
      expect(view.unavailable).toBe(true);
      expect(view.values.stocks).toBe('---');
    }
  });
});
