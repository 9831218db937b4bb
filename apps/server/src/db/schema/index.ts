// The drizzle schema, one file per owning module (`market` is the market engine in src/market): only the owner's
// code queries its tables (db/table-ownership.test.ts). drizzle-kit reads this folder to generate migrations.
export * from './auth.ts';
export * from './system.ts';
export * from './market.ts';
export * from './portfolio.ts';
export * from './watchlist.ts';
export * from './alerts.ts';
export * from './admin-users.ts';
export * from './audit.ts';
export * from './settings.ts';
export * from './models.ts';
export * from './predictions.ts';
export * from './ai-operations.ts';
export * from './login-throttle.ts';
export * from './compliance.ts';
export * from './ai-analytics.ts';
export * from './bi.ts';
export * from './privacy.ts';
export * from './password-reset.ts';
export * from './reference-series.ts';
