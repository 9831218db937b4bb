import { describe, expect, it } from 'vitest';
import { DASH, evidenceFigure, severityVariant } from './format';

describe('compliance figures', () => {
  it('shows fractions as percent, numbers grouped and missing values as a dash', () => {
    expect(evidenceFigure('move_fraction', 0.0912)).toBe('9.12%');
    expect(evidenceFigure('volume_shares', 6_000_000)).toBe('6,000,000');
    expect(evidenceFigure('direction', 'upper')).toBe('upper');
    expect(evidenceFigure('last_login_at', null)).toBe(DASH);
  });
  it('colours severities', () => {
    expect(['critical', 'high', 'medium', 'low'].map(severityVariant)).toEqual([
      'destructive',
      'down',
      'secondary',
      'neutral',
    ]);
  });
});
