// The contracts' plain values without zod: constants, lists, labels, texts and pure rules. The web app imports its
// values from here ('@bist/contracts/values') and only types from the index, so no schema and no zod reaches its
// bundles (decision 0034); the index re-exports all of this for everyone else.
export * from './constants.ts';
export * from './amount.values.ts';
export * from './roles.ts';
export * from './admin.values.ts';
export * from './ai-analytics.values.ts';
export * from './ai-health.values.ts';
export * from './bi.values.ts';
export * from './compliance.values.ts';
export * from './compliance-access.values.ts';
export * from './market.values.ts';
export * from './ml.values.ts';
export * from './prediction-call.values.ts';
export * from './portfolio.values.ts';
export * from './transaction-rules.values.ts';
export * from './privacy.values.ts';
export * from './plans.values.ts';
export * from './reference-series.values.ts';
