import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type * as schema from '@/db/schema/index';

/**
 * The database or an open transaction: repositories that take either let a service write a change and its audit
 * entry in one transaction (nothing half-saved).
 */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;
