// The surveillance rules the platform ships with: code, name, what each measures, category, default severity and
// parameters. They are seeded into compliance_rules on start (missing ones only); staff then edit parameters and
// enable or disable them there, and every edit bumps the rule's version, which each violation records.
import { RULE_PARAMETER_SPECS, ruleParametersSchema, type RuleParameterSpec } from '@bist/contracts';
import type { z } from 'zod';
import { BRUTE_FORCE_DEFAULTS } from './brute-force.ts';
import { BULK_EXPORT_DEFAULTS } from './bulk-export.ts';
import { CONCENTRATION_DEFAULTS } from './concentration.ts';
import { DORMANT_STAFF_DEFAULTS } from './dormant-staff.ts';
import { LARGE_TRADE_DEFAULTS } from './large-trade.ts';
import { MARKING_THE_CLOSE_DEFAULTS } from './marking-the-close.ts';
import { OFF_HOURS_SIGN_IN_DEFAULTS } from './off-hours-sign-in.ts';
import { PRE_SIGNAL_TRADING_DEFAULTS } from './pre-signal-trading.ts';
import { PRICE_LIMIT_STREAK_DEFAULTS } from './price-limit-streak.ts';
import { PRIVILEGE_CHANGE_DEFAULTS } from './privilege-change.ts';
import { PUMP_AND_DUMP_DEFAULTS } from './pump-and-dump.ts';
import { ROUND_TRIP_DEFAULTS } from './round-trip.ts';
import { SECTOR_RELATIVE_MOVE_DEFAULTS } from './sector-relative-move.ts';
import { VOLUME_SPIKE_DEFAULTS } from './volume-spike.ts';

export type RuleCategory = 'market' | 'investor' | 'platform';
export type RuleSeverity = 'critical' | 'high' | 'medium' | 'low';

export interface RuleDefinition {
  code: string;
  name: string;
  description: string;
  category: RuleCategory;
  severity: RuleSeverity;
  defaults: object;
  /** Validates edited parameters: every key of the defaults, each within its range (RULE_PARAMETER_SPECS). */
  params: z.ZodType<object>;
}

/** A rule's parameter specs (units and ranges, shared with the page through the contract). */
export function parameterSpecs(code: string): readonly RuleParameterSpec[] {
  return RULE_PARAMETER_SPECS[code] ?? [];
}

const paramsOf = (code: string) => ruleParametersSchema(parameterSpecs(code));

export const RULE_CATALOGUE = [
  {
    code: 'MKT_PRICE_LIMIT_STREAK',
    name: 'Price limit streak',
    description: 'Closes at the daily upper (tavan) or lower (taban) price limit n trading days in a row.',
    category: 'market',
    severity: 'high',
    defaults: PRICE_LIMIT_STREAK_DEFAULTS,
    params: paramsOf('MKT_PRICE_LIMIT_STREAK'),
  },
  {
    code: 'MKT_VOLUME_SPIKE',
    name: 'Volume spike with price move',
    description: 'Volume over k times its average of the previous days while the price moves over x %.',
    category: 'market',
    severity: 'medium',
    defaults: VOLUME_SPIKE_DEFAULTS,
    params: paramsOf('MKT_VOLUME_SPIKE'),
  },
  {
    code: 'MKT_PUMP_AND_DUMP',
    name: 'Pump-and-dump shape',
    description: 'A run-up on rising volume followed by a reversal within days.',
    category: 'market',
    severity: 'high',
    defaults: PUMP_AND_DUMP_DEFAULTS,
    params: paramsOf('MKT_PUMP_AND_DUMP'),
  },
  {
    code: 'MKT_MARKING_THE_CLOSE',
    name: 'Marking the close',
    description:
      'The last close moved in the final minutes beyond x % from the intraday VWAP (from minute bars).',
    category: 'market',
    severity: 'high',
    defaults: MARKING_THE_CLOSE_DEFAULTS,
    params: paramsOf('MKT_MARKING_THE_CLOSE'),
  },
  {
    code: 'MKT_SECTOR_RELATIVE_MOVE',
    name: 'Unusual move against sector',
    description: 'An index member moved more than x % away from the median move of its sector that day.',
    category: 'market',
    severity: 'medium',
    defaults: SECTOR_RELATIVE_MOVE_DEFAULTS,
    params: paramsOf('MKT_SECTOR_RELATIVE_MOVE'),
  },
  {
    code: 'INV_CONCENTRATION',
    name: 'Portfolio concentration',
    description: "One stock is over 50 % of an investor's holdings value.",
    category: 'investor',
    severity: 'low',
    defaults: CONCENTRATION_DEFAULTS,
    params: paramsOf('INV_CONCENTRATION'),
  },
  {
    code: 'INV_SAME_DAY_ROUND_TRIP',
    name: 'Same-day round trip',
    description: 'An investor bought and sold the same stock on the same day.',
    category: 'investor',
    severity: 'medium',
    defaults: ROUND_TRIP_DEFAULTS,
    params: paramsOf('INV_SAME_DAY_ROUND_TRIP'),
  },
  {
    code: 'INV_LARGE_TRADE',
    name: 'Large single trade',
    description: 'A single trade worth more than a MASAK-style reporting threshold.',
    category: 'investor',
    severity: 'high',
    defaults: LARGE_TRADE_DEFAULTS,
    params: paramsOf('INV_LARGE_TRADE'),
  },
  {
    code: 'INV_PRE_SIGNAL_TRADING',
    name: 'Trading before a market alert',
    description: 'An investor traded a stock within days before it triggered a market rule.',
    category: 'investor',
    severity: 'high',
    defaults: PRE_SIGNAL_TRADING_DEFAULTS,
    params: paramsOf('INV_PRE_SIGNAL_TRADING'),
  },
  {
    code: 'PLT_BRUTE_FORCE',
    name: 'Brute-force sign-in attempts',
    description: 'Many failed staff sign-ins on one account within minutes.',
    category: 'platform',
    severity: 'critical',
    defaults: BRUTE_FORCE_DEFAULTS,
    params: paramsOf('PLT_BRUTE_FORCE'),
  },
  {
    code: 'PLT_OFF_HOURS_SIGN_IN',
    name: 'Staff sign-in outside business hours',
    description: 'A staff member signed in on a weekend or outside business hours (Istanbul time).',
    category: 'platform',
    severity: 'low',
    defaults: OFF_HOURS_SIGN_IN_DEFAULTS,
    params: paramsOf('PLT_OFF_HOURS_SIGN_IN'),
  },
  {
    code: 'PLT_PRIVILEGE_CHANGE',
    name: 'Privilege change',
    description: "A staff member's role changed, or an account was created with a watched role.",
    category: 'platform',
    severity: 'medium',
    defaults: PRIVILEGE_CHANGE_DEFAULTS,
    params: paramsOf('PLT_PRIVILEGE_CHANGE'),
  },
  {
    code: 'PLT_BULK_EXPORT',
    name: 'Bulk data export',
    description: 'Many data exports by one staff member within a short window.',
    category: 'platform',
    severity: 'high',
    defaults: BULK_EXPORT_DEFAULTS,
    params: paramsOf('PLT_BULK_EXPORT'),
  },
  {
    code: 'PLT_DORMANT_STAFF',
    name: 'Dormant staff account',
    description: 'An active staff account has not signed in for n days.',
    category: 'platform',
    severity: 'medium',
    defaults: DORMANT_STAFF_DEFAULTS,
    params: paramsOf('PLT_DORMANT_STAFF'),
  },
  {
    code: 'PLT_SETTINGS_CHANGE',
    name: 'Platform settings change',
    description: 'Platform settings were changed.',
    category: 'platform',
    severity: 'low',
    defaults: {},
    params: paramsOf('PLT_SETTINGS_CHANGE'),
  },
] as const satisfies readonly RuleDefinition[];

export function ruleDefinition(code: string): RuleDefinition | undefined {
  return RULE_CATALOGUE.find((rule) => rule.code === code);
}
