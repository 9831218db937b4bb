// The tamper-evident audit log and its anchored head (decisions 0014, 0045).
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The audit log: append-only (a trigger rejects UPDATE and DELETE). No foreign key to admin_users, so entries
 * outlive the staff they name; user_email keeps who it was.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** user_login | data_access | system_config | compliance_check (contracts AUDIT_EVENT_TYPES). */
    eventType: text('event_type').notNull(),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When it happened, from the server's clock. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /**
     * The hash chain (modules/audit/audit-chain.ts): the previous entry's hash and this entry's, over its content.
     * Null only on entries written before the chain existed.
     */
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /**
     * Random, hashed with the entry; a KVKK redaction clears it, so the entry's original hash can no longer confirm a
     * guess of the erased values (decision 0045). Null on entries written before it existed.
     */
    salt: text('salt'),
  },
  (t) => [
    index('admin_audit_log_at_idx').on(t.at),
    index('admin_audit_log_event_idx').on(t.eventType, t.at),
    index('admin_audit_log_action_idx').on(t.action, t.at),
    index('admin_audit_log_user_idx').on(t.userId, t.at),
  ],
);

/**
 * The audit chain's anchor, one row (id 1), written in the transaction of every append: where the chain starts (null
 * until the first chained entry) and its newest entry and hash. Deleting the newest entries, or every entry, or
 * stripping hashes no longer passes verify-audit (decision 0045).
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: integer('id').primaryKey().default(1),
    startId: bigint('start_id', { mode: 'number' }),
    headId: bigint('head_id', { mode: 'number' }),
    headHash: text('head_hash'),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id} = 1`)],
);
