import { randomBytes } from 'node:crypto';
import { istanbulDate } from '@bist/market';
import {
  KVKK_DEADLINE_DAYS,
  type KvkkRequest,
  type KvkkRequestStatus,
  type KvkkRequestType,
} from '@bist/contracts';

const DAY_MS = 86_400_000;

/**
 * Every table holding an investor's user id, and what the export and the erasure do with it. A test compares this
 * list (with KVKK_EXCLUDED_TABLES) to the database's columns named `user_id` or `*_user_id` and to every foreign key
 * to customer_users: a new table with an investor's id fails it until it is added here.
 */
export const KVKK_TABLES = {
  customer_users: { exported: 'profile (no password hash)', erasure: 'deleted' },
  customer_sessions: { exported: 'times only (no token hash, IP or user agent)', erasure: 'deleted' },
  portfolio_accounts: { exported: 'ledger settings', erasure: 'pseudonymised' },
  portfolio_transactions: {
    exported: 'every ledger row',
    erasure: 'pseudonymised, notes erased (demo rows deleted)',
  },
  split_offer_dismissals: { exported: 'every split offer they declined', erasure: 'deleted' },
  watchlist_items: { exported: 'every row', erasure: 'deleted' },
  price_alerts: { exported: 'every alert and its notification', erasure: 'deleted' },
  analytics_events: { exported: 'their own events', erasure: 'unlinked (user id cleared)' },
  analytics_signups: { exported: 'their sign-up', erasure: 'pseudonymised' },
  subscription_events: { exported: 'every row', erasure: 'pseudonymised' },
  payments: { exported: 'every row', erasure: 'pseudonymised' },
  kvkk_requests: { exported: 'their own requests', erasure: 'unlinked (reference kept)' },
  password_reset_tokens: { exported: 'none (one-time secrets, stored hashed)', erasure: 'deleted' },
  admin_audit_log: {
    exported: 'entries naming them (user id or entity id)',
    erasure:
      'entries mentioning them redacted (id → pseudonym, e-mail and name → placeholder), recorded by a chained ' +
      'redaction entry so the chain still verifies (decision 0045)',
  },
} as const satisfies Record<string, { exported: string; erasure: string }>;

/** Tables with a user id column that never holds an investor's id. */
export const KVKK_EXCLUDED_TABLES: Record<string, string> = {
  admin_sessions: 'staff sessions: user_id is an admin_users id',
};
// password_reset_tokens holds both realms' ids (realm 'customer' rows are the investor's; 'admin' rows are staff).

/**
 * Not found by the column check but erased too: investor-rule violations name the investor in `entity_id`
 * (re-keyed to the pseudonym, e-mail and name replaced in staff text), their alerts name the id in the title, sign-in
 * throttling keys accounts by e-mail (deleted) and idempotency keys name their owner (deleted). Violations are not
 * exported: a surveillance record must not tip off its subject (MASAK).
 */
export const KVKK_OTHER_PERSONAL_DATA = {
  compliance_violations: 'pseudonymised (entity_id), e-mail and name replaced in staff text',
  compliance_alerts: 'id → pseudonym, e-mail and name replaced in title and description',
  login_throttle: 'deleted (customer sign-in and reset keys that name the e-mail, alone or with an address)',
  idempotency_keys: 'deleted (owner_id = the investor; a plan change replays for a day)',
} as const;

export function kvkkDeadline(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + KVKK_DEADLINE_DAYS * DAY_MS);
}

/** Whole days from `now` to the deadline, rounded up (a deadline later today is 1 day left; past it, ≤ 0). */
export function daysLeft(deadlineAt: Date, now: Date): number {
  return Math.ceil((deadlineAt.getTime() - now.getTime()) / DAY_MS);
}

/** A random reference for a request: the only subject identifier the compliance page shows after an erasure. */
export function newKvkkReference(): string {
  return `KVKK-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The export's file name, dated in Istanbul: `bist-ai-verilerim-2026-11-25.json`. */
export function exportFileName(at: Date): string {
  return `bist-ai-verilerim-${istanbulDate(at)}.json`;
}

export interface KvkkRequestRow {
  id: string;
  type: string;
  status: string;
  reference: string;
  userId: string | null;
  requestedAt: Date;
  deadlineAt: Date;
  completedAt: Date | null;
  details: unknown;
}

/**
 * A request as the compliance page shows it. The subject's e-mail only while the account exists (and the request
 * is still linked to it); after an erasure, only the reference.
 */
export function toKvkkRequest(row: KvkkRequestRow, subjectEmail: string | null, now: Date): KvkkRequest {
  const open = row.status !== 'completed';
  const left = open ? daysLeft(row.deadlineAt, now) : null;
  const details =
    row.details && typeof row.details === 'object' ? (row.details as Record<string, unknown>) : {};
  return {
    id: row.id,
    type: row.type as KvkkRequestType,
    status: row.status as KvkkRequestStatus,
    reference: row.reference,
    subject_email: row.userId ? subjectEmail : null,
    subject_erased: row.userId === null,
    requested_at: row.requestedAt.toISOString(),
    deadline_at: row.deadlineAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    days_left: left,
    overdue: open ? now.getTime() > row.deadlineAt.getTime() : row.completedAt! > row.deadlineAt,
    details,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces every occurrence of `needle` (case-insensitive) in `text`. */
export function redactText(text: string, needle: string, replacement: string): string {
  if (!needle) return text;
  return text.replace(new RegExp(escapeRegExp(needle), 'gi'), replacement);
}

/** The placeholder that replaces an erased investor's e-mail and name in retained text. */
export const ERASED_PLACEHOLDER = '[silinen kullanıcı]';

/**
 * What the erasure does to retained text that refers to the investor (staff notes, alert titles, audit entries):
 * the e-mail and the name become the placeholder, the old id becomes the pseudonym. The name is replaced only as a
 * whole word run (a name 'Ali' leaves 'Alican' alone) and only in rows already linked to the investor by id or
 * e-mail, so another person's text is not rewritten for sharing a common name.
 */
export function pseudonymiseText(
  subject: { id: string; email: string; name: string },
  pseudonymId: string,
): (text: string) => string {
  const name = subject.name.trim();
  const wholeName = name
    ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu')
    : null;
  return (text) => {
    let out = redactText(redactText(text, subject.email, ERASED_PLACEHOLDER), subject.id, pseudonymId);
    if (wholeName) out = out.replace(wholeName, ERASED_PLACEHOLDER);
    return out;
  };
}
