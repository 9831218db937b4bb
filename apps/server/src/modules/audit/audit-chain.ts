import { createHash } from 'node:crypto';
import { rewriteJson } from '@/lib/rewrite-json';

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
  /** Random per entry (null on entries older than it and on redacted ones): see decision 0045. */
  salt: string | null;
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
    // Absent rather than null when there is none, so entries written before the salt existed hash as they did.
    salt: c.salt ?? undefined,
  });
  return createHash('sha256').update(previousHash).update('\n').update(body).digest('hex');
}

/** The hash the first chained entry follows. */
export const GENESIS_HASH = '0'.repeat(64);

/** Why the chain does not hold. */
export type ChainBreakReason =
  | 'content changed'
  | 'previous entry missing or changed'
  | 'hash removed'
  | 'hash before the chain start'
  | 'newest entries missing'
  | 'chain head missing'
  | 'kept head not in the chain';

export interface ChainBreak {
  /** The entry where the chain breaks (for 'newest entries missing', the head the anchor names); null: no entry. */
  id: number | null;
  reason: ChainBreakReason;
}

/** The anchor kept outside the audit table (audit_chain_head): where the chain starts and its newest entry. */
export interface ChainAnchor {
  startId: number | null;
  headId: number | null;
  headHash: string | null;
}

export type StoredEntry = ChainedContent & { prevHash: string | null; hash: string | null };

/** The action of the chained entry that records a KVKK redaction, and the shape of its details. */
export const REDACTION_ACTION = 'audit_entries_redacted';

export interface RedactionDetails {
  /** Each redacted entry and the hash of its content after the redaction (same previous hash, salt cleared). */
  redacted: { id: number; hash: string }[];
}

/** The redacted entries a redaction entry's details name, or none when the details are not of that shape. */
export function redactedEntries(details: unknown): RedactionDetails['redacted'] {
  const list = (details as { redacted?: unknown } | null)?.redacted;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is { id: number; hash: string } =>
      typeof (item as { id?: unknown }).id === 'number' &&
      typeof (item as { hash?: unknown }).hash === 'string',
  );
}

/**
 * Walks the audit log in id order, batch by batch, against the anchor. Before the anchor's start an entry must have
 * no hash (written before the chain existed: counted, not checked); from the start on, each entry must carry a hash
 * that follows its predecessor and matches its content — or, for an entry a KVKK redaction rewrote, the redacted
 * hash that the later redaction entry recorded (its stored hash stays the link, so heads kept outside still match).
 * At the end the newest chained entry must be the anchor's head.
 */
export class ChainWalk {
  private previous = GENESIS_HASH;
  private lastId: number | null = null;
  checked = 0;
  unchained = 0;
  broken: ChainBreak | null = null;
  private keptHeadSeen = false;

  /**
   * `redactions`: redacted entry id → its hash after redaction, from every redaction entry (checked in the walk).
   * `keptHead`: a head an operator kept from an earlier run; the chain must still hold that entry with that hash.
   */
  constructor(
    private readonly anchor: ChainAnchor,
    private readonly redactions: ReadonlyMap<number, string>,
    private readonly keptHead: { id: number; hash: string } | null = null,
  ) {}

  /** Checks the next entries in id order; false once the chain is broken (stop reading). */
  add(rows: readonly StoredEntry[]): boolean {
    for (const row of rows) {
      if (this.broken) return false;
      this.broken = this.check(row);
    }
    return this.broken === null;
  }

  private check(row: StoredEntry): ChainBreak | null {
    const { startId } = this.anchor;
    if (startId === null || row.id < startId) {
      if (row.hash !== null || row.prevHash !== null)
        return { id: row.id, reason: 'hash before the chain start' };
      this.unchained += 1;
      return null;
    }
    if (row.hash === null) return { id: row.id, reason: 'hash removed' };
    if (row.prevHash !== this.previous) return { id: row.id, reason: 'previous entry missing or changed' };
    const expected = this.redactions.get(row.id) ?? row.hash;
    if (entryHash(this.previous, row) !== expected) return { id: row.id, reason: 'content changed' };
    if (this.keptHead && row.id === this.keptHead.id) {
      if (row.hash !== this.keptHead.hash) return { id: row.id, reason: 'kept head not in the chain' };
      this.keptHeadSeen = true;
    }
    this.previous = row.hash;
    this.lastId = row.id;
    this.checked += 1;
    return null;
  }

  /** After the last batch: the walk must have ended at the anchor's head. */
  finish(): ChainBreak | null {
    if (this.broken) return this.broken;
    const { headId, headHash } = this.anchor;
    if (this.lastId !== headId || (headId !== null && this.previous !== headHash))
      this.broken = { id: headId, reason: 'newest entries missing' };
    else if (this.keptHead && !this.keptHeadSeen)
      this.broken = { id: this.keptHead.id, reason: 'kept head not in the chain' };
    return this.broken;
  }

  /** The newest chained entry and its hash (the line operators keep), or null before the chain starts. */
  head(): { id: number; hash: string } | null {
    return this.lastId === null ? null : { id: this.lastId, hash: this.previous };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An entry's content with `rewrite` applied to every text and JSON field, and its salt cleared. `userId` is a uuid
 * column: rewritten to anything but a uuid, it is cleared.
 */
export function redactedContent(entry: ChainedContent, rewrite: (text: string) => string): ChainedContent {
  const text = (value: string | null) => (value === null ? null : rewrite(value));
  const userId = text(entry.userId);
  return {
    ...entry,
    userId: userId !== null && UUID.test(userId) ? userId : null,
    userEmail: text(entry.userEmail),
    entityType: text(entry.entityType),
    entityId: text(entry.entityId),
    before: rewriteJson(entry.before, rewrite),
    after: rewriteJson(entry.after, rewrite),
    details: rewriteJson(entry.details, rewrite),
    ip: text(entry.ip),
    userAgent: text(entry.userAgent),
    salt: null,
  };
}
