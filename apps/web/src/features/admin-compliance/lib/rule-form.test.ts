import { describe, expect, it } from 'vitest';
import { RULE_PARAMETER_SPECS } from '@bist/contracts';
import { parameterDisplay, parameterText, parseRuleForm, ruleErrorKey } from './rule-form';

const streak = RULE_PARAMETER_SPECS.MKT_PRICE_LIMIT_STREAK!;
const privilege = RULE_PARAMETER_SPECS.PLT_PRIVILEGE_CHANGE!;
const form = (parameters: Record<string, string>) => ({ parameters, severity: 'high' as const });

describe('rule edit form', () => {
  it('parses typed numbers into the update body', () => {
    expect(
      parseRuleForm(form({ bandFraction: '0.1', toleranceFraction: ' 0.005 ', days: '4' }), streak),
    ).toEqual({
      ok: true,
      parameters: { bandFraction: 0.1, toleranceFraction: 0.005, days: 4 },
    });
  });

  it('names each bad parameter with the contract message: empty, text, out of range, not whole', () => {
    const result = parseRuleForm(form({ bandFraction: '', toleranceFraction: '0.2', days: '2.5' }), streak);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      bandFraction: 'parameters.bandFraction must be a number',
      toleranceFraction: 'parameters.toleranceFraction must be above 0 and at most 0.05',
      days: 'parameters.days must be a whole number',
    });
    const text = parseRuleForm(form({ bandFraction: 'ten', toleranceFraction: '0', days: '0' }), streak);
    expect(text.ok ? {} : text.errors).toEqual({
      bandFraction: 'parameters.bandFraction must be a number',
      toleranceFraction: 'parameters.toleranceFraction must be above 0 and at most 0.05',
      days: 'parameters.days must be at least 1 and at most 30',
    });
  });

  it('reads role lists comma-separated and refuses a role that does not exist', () => {
    expect(parseRuleForm(form({ watchedRoles: 'super_admin, cto' }), privilege)).toEqual({
      ok: true,
      parameters: { watchedRoles: ['super_admin', 'cto'] },
    });
    const bad = parseRuleForm(form({ watchedRoles: 'super_admin, janitor' }), privilege);
    expect(bad.ok ? null : Object.keys(bad.errors)).toEqual(['watchedRoles']);
    expect(parameterText(['super_admin', 'cto'])).toBe('super_admin, cto');
  });

  it('shows fractions as percent and places server errors on their field', () => {
    expect(parameterDisplay(0.005, streak[1])).toBe('0.5%');
    expect(parameterDisplay(1_000_000, RULE_PARAMETER_SPECS.INV_LARGE_TRADE![0])).toBe('1,000,000');
    expect(parameterDisplay([], privilege[0])).toBe('—');
    expect(ruleErrorKey('parameters.days', streak)).toBe('days');
    expect(ruleErrorKey('severity', streak)).toBe('severity');
    expect(ruleErrorKey('parameters', streak)).toBe('form');
    expect(ruleErrorKey('parameters.nope', streak)).toBe('form');
    expect(ruleErrorKey(undefined, streak)).toBe('form');
  });
});
