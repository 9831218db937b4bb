import { describe, expect, it } from 'vitest';
import { liveLevel, parseRiskForm, riskFormValues, type RiskFormValues } from './risk-form';

const filled: RiskFormValues = {
  title: 'Feed outage',
  risk_category: 'Operational',
  risk_description: 'Quotes stop during the session.',
  mitigation_strategy: 'Stale banner and the last close.',
  likelihood: '4',
  impact: '4',
  residual_likelihood: '2',
  residual_impact: '3',
  owner: 'Operations Manager',
  review_date: '2027-01-15',
};

describe('risk form', () => {
  it('parses a complete form into the contract input', () => {
    expect(parseRiskForm(filled)).toEqual({
      ok: true,
      input: { ...filled, likelihood: 4, impact: 4, residual_likelihood: 2, residual_impact: 3 },
    });
  });

  it('names every missing or bad field with its own message', () => {
    const result = parseRiskForm({ ...riskFormValues(undefined, ''), title: '   ' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'title',
        'risk_category',
        'risk_description',
        'mitigation_strategy',
        'likelihood',
        'impact',
        'residual_likelihood',
        'residual_impact',
        'owner',
        'review_date',
      ].sort(),
    );
    expect(result.errors.title).toBe('title is required');
    expect(result.errors.likelihood).toBe('likelihood must be a number from 1 to 5');
    expect(result.errors.review_date).toBe('review_date must be a date (YYYY-MM-DD)');
  });

  it('refuses a residual score above the inherent one on the residual impact', () => {
    const result = parseRiskForm({ ...filled, likelihood: '1', impact: '2', residual_likelihood: '3' });
    expect(result.ok ? null : result.errors).toEqual({
      residual_impact: 'the residual score cannot exceed the inherent score',
    });
  });

  it('shows the level live from the 5×5 bands once both scores are chosen', () => {
    expect(liveLevel('', '3')).toBeNull();
    expect(liveLevel('6', '1')).toBeNull();
    expect(liveLevel('2', '2')).toEqual({ score: 4, level: 'low' });
    expect(liveLevel('1', '5')).toEqual({ score: 5, level: 'medium' });
    expect(liveLevel('2', '5')).toEqual({ score: 10, level: 'high' });
    expect(liveLevel('3', '5')).toEqual({ score: 15, level: 'critical' });
  });
});
