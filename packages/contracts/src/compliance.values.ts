// Compliance & risk: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in compliance.ts.

export const COMPLIANCE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ComplianceSeverity = (typeof COMPLIANCE_SEVERITIES)[number];
export const RULE_CATEGORIES = ['market', 'investor', 'platform'] as const;
export type RuleCategoryName = (typeof RULE_CATEGORIES)[number];

/** Spec §4 states plus 'dismissed' (a false positive, the workflow). */
export const VIOLATION_STATUSES = ['open', 'investigating', 'resolved', 'dismissed'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];

/** Spec §4: moving a violation from open straight to resolved records this note. */
export const RESOLVED_BY_ADMIN_NOTE = 'Resolved by admin';

/** How long an alert may stay unacknowledged before it escalates, by severity (hours). */
export const ALERT_ACK_DEADLINE_HOURS: Record<ComplianceSeverity, number> = {
  critical: 1,
  high: 4,
  medium: 24,
  low: 72,
};

/** 5×5 likelihood × impact bands: 1–4 low, 5–9 medium, 10–14 high, 15–25 critical. */
export const RISK_BANDS: readonly { level: ComplianceSeverity; min: number; max: number }[] = [
  { level: 'low', min: 1, max: 4 },
  { level: 'medium', min: 5, max: 9 },
  { level: 'high', min: 10, max: 14 },
  { level: 'critical', min: 15, max: 25 },
];

/** Level of a likelihood × impact score by RISK_BANDS; the server and the page's live preview both use this. */
export function riskLevelOf(score: number): ComplianceSeverity {
  const band = Number.isInteger(score) ? RISK_BANDS.find((b) => score >= b.min && score <= b.max) : undefined;
  if (!band) throw new RangeError(`risk score must be 1–25, got ${score}`);
  return band.level;
}

export const riskScoreOf = (likelihood: number, impact: number): number => likelihood * impact;

/** What a rule parameter measures; the page shows the unit next to the value. */
export const RULE_PARAMETER_UNITS = [
  'fraction',
  'multiple',
  'days',
  'minutes',
  'hour',
  'count',
  'try',
  'roles',
] as const;
export type RuleParameterUnit = (typeof RULE_PARAMETER_UNITS)[number];

/**
 * One editable parameter of a rule: its unit and range. The server validates edits with the schema built from these
 * (ruleParametersSchema) and the page validates the same way before sending.
 */
export interface RuleParameterSpec {
  key: string;
  unit: RuleParameterUnit;
  /** number, whole number, or a list of admin roles. */
  kind: 'number' | 'integer' | 'roles';
  /** Lower bound; `minExclusive` makes it strict (a fraction must be above 0). */
  min: number;
  minExclusive?: boolean;
  /** Upper bound, or the most entries of a list; null for no bound. */
  max: number | null;
}

const frac = (key: string, max = 1): RuleParameterSpec => ({
  key,
  unit: 'fraction',
  kind: 'number',
  min: 0,
  minExclusive: true,
  max,
});
const whole = (key: string, unit: RuleParameterUnit, max: number, min = 1): RuleParameterSpec => ({
  key,
  unit,
  kind: 'integer',
  min,
  max,
});

/** The parameters of every rule of the catalogue, by rule code (the server's catalogue holds the defaults). */
export const RULE_PARAMETER_SPECS: Record<string, readonly RuleParameterSpec[]> = {
  MKT_PRICE_LIMIT_STREAK: [
    frac('bandFraction', 0.5),
    frac('toleranceFraction', 0.05),
    whole('days', 'days', 30),
  ],
  MKT_VOLUME_SPIKE: [
    { key: 'volumeMultiple', unit: 'multiple', kind: 'number', min: 1, minExclusive: true, max: 100 },
    whole('lookbackDays', 'days', 250),
    frac('minMoveFraction', 0.5),
  ],
  MKT_PUMP_AND_DUMP: [
    whole('runUpDays', 'days', 60),
    frac('minRunUpFraction', 10),
    whole('reversalDays', 'days', 60),
    frac('minReversalFraction', 1),
    { key: 'volumeRiseMultiple', unit: 'multiple', kind: 'number', min: 0, minExclusive: true, max: 100 },
    whole('baselineDays', 'days', 250),
  ],
  MKT_MARKING_THE_CLOSE: [
    whole('lastMinutes', 'minutes', 60),
    frac('minDeviationFraction', 0.5),
    frac('minLastMoveFraction', 0.5),
    whole('minBars', 'count', 600),
  ],
  MKT_SECTOR_RELATIVE_MOVE: [frac('minExcessFraction', 1), whole('minPeers', 'count', 100)],
  INV_CONCENTRATION: [
    frac('maxShareFraction', 1),
    { key: 'minPortfolioTry', unit: 'try', kind: 'number', min: 0, max: null },
    whole('windowDays', 'days', 365),
  ],
  INV_SAME_DAY_ROUND_TRIP: [whole('minRoundTrips', 'count', 100)],
  INV_LARGE_TRADE: [
    { key: 'thresholdTry', unit: 'try', kind: 'number', min: 0, minExclusive: true, max: null },
  ],
  INV_PRE_SIGNAL_TRADING: [whole('daysBefore', 'days', 30)],
  PLT_BRUTE_FORCE: [whole('minFailures', 'count', 1_000), whole('windowMinutes', 'minutes', 1_440)],
  PLT_OFF_HOURS_SIGN_IN: [whole('startHour', 'hour', 23, 0), whole('endHour', 'hour', 24)],
  PLT_PRIVILEGE_CHANGE: [{ key: 'watchedRoles', unit: 'roles', kind: 'roles', min: 0, max: 20 }],
  PLT_BULK_EXPORT: [whole('minExports', 'count', 1_000), whole('windowMinutes', 'minutes', 1_440)],
  PLT_DORMANT_STAFF: [whole('days', 'days', 3_650)],
  PLT_SETTINGS_CHANGE: [],
};

/** The range of a parameter in words, e.g. 'above 0 and at most 0.5', for messages and hints. */
export function ruleParameterRange(spec: RuleParameterSpec): string {
  const low = `${spec.minExclusive ? 'above' : 'at least'} ${spec.min}`;
  return spec.max === null ? low : `${low} and at most ${spec.max}`;
}
