// The drizzle schema, one file per capability. drizzle-kit reads this folder to generate migrations.
export * from './auth.ts';
export * from './system.ts';
export * from './market.ts';
export * from './portfolio.ts';
export * from './admin.ts';
export * from './predictions.ts';
export * from './login-throttle.ts';
export * from './compliance.ts';
export * from './ai-analytics.ts';
export * from './bi.ts';
export * from './privacy.ts';
export * from './accounts.ts';
export * from './reference-series.ts';
