import { createHash } from 'node:crypto';

/** What an audit entry's hash covers: every stored field, the time as an ISO string. */
export interface ChainedContent {
  id: number;
  eventType: string;
  action: string;
  userId: string | null;
  userEmail: string | null;
  entityType: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

/** JSON with object keys sorted at every depth, so a value hashes the same after a round trip through jsonb. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the previous entry's hash and this entry's content: each entry seals the one before it. */
export function entryHash(previousHash: string, c: ChainedContent): string {
  // Exactly these fields, whatever else the row object carries.
  const body = canonicalJson({
    id: c.id,
    eventType: c.eventType,
    action: c.action,
    userId: c.userId,
    userEmail: c.userEmail,
    entityType: c.entityType,
    entityId: c.entityId,
    before: c.before,
    after: c.after,
    details: c.details,
    ip: c.ip,
    userAgent: c.userAgent,
    at: c.at.toISOString(),
  });
  return createHash('sha256').update(previousHash).update('\n').update(body).digest('hex');
}

/** The hash the first chained entry follows. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainBreak {
  id: number;
  reason: 'content changed' | 'previous entry missing or changed';
}

/**
 * Checks entries in id order against their stored hashes: `previousHash` is the hash the first of them must follow.
 * Returns the first break, or null, and the hash of the last entry (to continue with the next batch).
 */
export function checkChain(
  rows: readonly (ChainedContent & { prevHash: string | null; hash: string | null })[],
  previousHash: string,
): { broken: ChainBreak | null; lastHash: string } {
  let expectedPrev = previousHash;
  for (const row of rows) {
    if (row.prevHash !== expectedPrev)
      return { broken: { id: row.id, reason: 'previous entry missing or changed' }, lastHash: expectedPrev };
    if (row.hash !== entryHash(expectedPrev, row))
      return { broken: { id: row.id, reason: 'content changed' }, lastHash: expectedPrev };
    expectedPrev = row.hash;
  }
  return { broken: null, lastHash: expectedPrev };
}
