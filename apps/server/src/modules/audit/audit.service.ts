import type { AuditEntry, AuditEventType, AuditQuery } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import type { DbExecutor } from '@/db/executor';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import {
  canonicalJson,
  ChainWalk,
  entryHash,
  REDACTION_ACTION,
  redactedContent,
  redactedEntries,
  type ChainBreak,
  type RedactionDetails,
} from './audit-chain.ts';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.ts';

/** What happened, for `AuditService.record`. */
export interface AuditEvent {
  eventType: AuditEventType;
  /** Precise action in snake_case, e.g. 'login_failed', 'user_created', 'algorithm_disabled'. */
  action: string;
  /** Who acted; null when nobody is known (a failed login with an unknown e-mail passes its e-mail in `actorEmail`). */
  actor: Pick<AdminActor, 'id' | 'email'> | null;
  target?: { type: string; id: string | null } | undefined;
  before?: unknown;
  after?: unknown;
  details?: unknown;
  meta?: RequestMeta | undefined;
}

/** What `AuditService.redact` rewrites, and why. */
export interface AuditRedaction {
  /** Entries mentioning any of these (case-insensitive, any field) are rewritten. */
  mentioning: readonly string[];
  /** Entries whose target is one of these are rewritten too. */
  targets: readonly { type: string; ids: readonly string[] }[];
  /** Applied to every text field and every string (and key) of the JSON fields of those entries. */
  rewrite: (text: string) => string;
  /** The request the redaction carries out (the redaction entry's target), e.g. a KVKK request. */
  reason: { type: string; id: string };
}

/** The outcome of a walk of the chain (`verify-audit`). */
export interface ChainVerification {
  checked: number;
  unchained: number;
  /** The first chained entry per the anchor (older entries predate the chain), or null before the chain starts. */
  startId: number | null;
  broken: ChainBreak | null;
  /** The newest entry and its hash when the chain holds: the line operators keep outside the database. */
  head: { id: number; hash: string } | null;
}

/** Keys never written to the audit log, at any depth. */
const SECRET_KEY = /^(password|password_?hash|token|token_?hash|secret)$/i;

/** A JSON-safe copy without secrets (password hashes, tokens), or null. */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key) || item === undefined) continue;
      out[key] = redactSecrets(item);
    }
    return out;
  }
  return value;
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    event_type: row.eventType as AuditEventType,
    action: row.action,
    user_id: row.userId,
    user_email: row.userEmail,
    user_name: null,
    actor_kind: row.userEmail?.startsWith('system:')
      ? 'system'
      : row.userId || row.userEmail
        ? 'staff'
        : 'anonymous',
    entity_type: row.entityType,
    entity_id: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    details: row.details ?? null,
    ip: row.ip,
    user_agent: row.userAgent,
    timestamp: row.at.toISOString(),
  };
}

const DAY_MS = 86_400_000;

/** A bare date as 'from' means its start, as 'to' the end of that day (UTC). */
function boundary(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(start.getTime() + DAY_MS - 1) : start;
  }
  return new Date(value);
}

/**
 * The platform's audit trail. Every capability records through `record` (logins, user and settings changes here;
 * AI and compliance actions later). Entries are append-only; pass `executor` to write inside the caller's transaction.
 */
/** The living investor behind each KVKK request id (an erased one is no longer linked). */
export interface KvkkRequestInvestors {
  investorsOfKvkkRequests(
    requestIds: readonly string[],
  ): Promise<Map<string, { name: string; email: string }>>;
}

/** Told of every entry written (after the insert; inside a caller's transaction, before its commit). */
export type AuditListener = (entry: { action: string; eventType: AuditEventType }) => void;

export class AuditService {
  private readonly listeners = new Set<AuditListener>();

  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock,
    /** Who is behind a KVKK request while the account lives (the privacy module's records implement it). */
    private readonly kvkk: KvkkRequestInvestors,
  ) {}

  /**
   * Subscribes to written entries (compliance runs its platform rules on them). Listeners must not block: they are
   * called synchronously and a throwing one is ignored, so recording never fails because of a listener.
   */
  onRecorded(listener: AuditListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async record(event: AuditEvent, executor?: DbExecutor): Promise<AuditEntry> {
    const row = await this.repo.insert(
      {
        eventType: event.eventType,
        action: event.action,
        userId: event.actor?.id ?? null,
        userEmail: event.actor?.email ?? null,
        entityType: event.target?.type ?? null,
        entityId: event.target?.id ?? null,
        before: redactSecrets(event.before),
        after: redactSecrets(event.after),
        details: redactSecrets(event.details),
        ip: event.meta?.ip ?? null,
        userAgent: event.meta?.userAgent ?? null,
        at: this.clock.now(),
      },
      executor,
    );
    for (const listener of this.listeners) {
      try {
        listener({ action: event.action, eventType: event.eventType });
      } catch {
        // a listener's failure is its own business
      }
    }
    return toAuditEntry(row);
  }

  async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
    const filter: AuditFilter = {
      eventType: query.event_type,
      action: query.action,
      userId: query.user_id,
      userEmailContains: query.user,
      from: boundary(query.from, false),
      to: boundary(query.to, true),
    };
    const { rows, total } = await this.repo.list(filter, (query.page - 1) * query.limit, query.limit);
    return { entries: await this.withInvestors(rows.map(toAuditEntry)), total };
  }

  /**
   * An investor's own actions (their KVKK requests) are written without their name or e-mail, so an erasure leaves
   * nothing behind; while the account lives the entry shows who they are, read from the account at display time.
   */
  private async withInvestors(entries: AuditEntry[]): Promise<AuditEntry[]> {
    const requestIds = entries
      .filter((e) => e.actor_kind === 'anonymous' && e.entity_type === 'kvkk_request' && e.entity_id)
      .map((e) => e.entity_id!);
    if (requestIds.length === 0) return entries;
    const investors = await this.kvkk.investorsOfKvkkRequests(requestIds);
    return entries.map((e) => {
      const investor =
        e.entity_type === 'kvkk_request' && e.entity_id ? investors.get(e.entity_id) : undefined;
      return investor && e.actor_kind === 'anonymous'
        ? { ...e, actor_kind: 'investor', user_email: investor.email, user_name: investor.name }
        : e;
    });
  }

  /**
   * Checks the whole hash chain in id order against its anchor (audit_chain_head): a changed entry breaks its own
   * hash, a removed or inserted one its successor's link, a stripped hash after the chain's start is tampering, and
   * the newest entry must be the anchor's head (so deleting the newest entries, or all of them, is seen). Entries
   * older than the anchor's start (written before the chain existed) are counted, not checked. A redacted entry is
   * checked against the hash its redaction entry recorded. `keptHead`, a head printed by an earlier run and kept
   * outside the database, must still be in the chain with the same hash — which also reveals a chain rewritten
   * together with its anchor.
   */
  async verifyChain(
    options: { keptHead?: { id: number; hash: string } | null; batchSize?: number } = {},
  ): Promise<ChainVerification> {
    const anchor = await this.repo.anchor();
    if (!anchor)
      return {
        checked: 0,
        unchained: 0,
        startId: null,
        broken: { id: null, reason: 'chain head missing' },
        head: null,
      };
    const redactions = new Map<number, string>();
    for (const entry of await this.repo.redactionEntries())
      for (const { id, hash } of redactedEntries(entry.details)) if (id < entry.id) redactions.set(id, hash); // a redaction can only rewrite entries before it
    const walk = new ChainWalk(anchor, redactions, options.keptHead ?? null);
    for (let afterId = 0; ;) {
      const rows = await this.repo.chainBatch(afterId, options.batchSize ?? 1_000);
      if (rows.length === 0 || !walk.add(rows)) break;
      afterId = rows[rows.length - 1]!.id;
    }
    const broken = walk.finish();
    return {
      checked: walk.checked,
      unchained: walk.unchained,
      startId: anchor.startId,
      broken,
      head: broken ? null : walk.head(),
    };
  }

  /**
   * Rewrites the entries that mention a data subject (KVKK erasure), inside the caller's transaction, and records
   * the redaction as a chained entry naming each rewritten entry and the hash of its new content. Stored hashes and
   * links stay as they were, so the chain and any head kept outside still verify; each rewritten entry loses its
   * salt, so its old hash can no longer confirm a guess of what was erased. Returns how many entries were rewritten.
   */
  async redact(redaction: AuditRedaction, executor: DbExecutor): Promise<number> {
    const { mentioning, targets } = redaction;
    // The scan reads the whole log (seconds on a large one), so it runs before the chain's lock: audit writers are
    // not held up by it. Under the lock, the candidates are read again (another redaction may have rewritten one
    // meanwhile) together with the entries appended since the scan.
    const scannedUpTo = (await this.repo.anchor(executor))?.headId ?? 0;
    const candidates = new Set(
      (await this.repo.mentioning(executor, mentioning, targets)).map((row) => row.id),
    );
    await this.repo.lockChain(executor);
    const appended = await this.repo.mentioning(executor, mentioning, targets, scannedUpTo);
    const rows = [
      ...(await this.repo.entries(executor, [...candidates])),
      ...appended.filter((row) => !candidates.has(row.id)),
    ];
    const redacted: RedactionDetails['redacted'] = [];
    for (const row of rows) {
      const after = redactedContent(row, redaction.rewrite);
      if (canonicalJson(after) === canonicalJson({ ...row, salt: null })) continue; // nothing of theirs in it
      await this.repo.rewrite(executor, row.id, after);
      // Entries older than the chain have no hash to follow; they are rewritten all the same.
      if (row.hash !== null) redacted.push({ id: row.id, hash: entryHash(row.prevHash ?? '', after) });
    }
    if (redacted.length > 0)
      await this.record(
        {
          eventType: 'data_access',
          action: REDACTION_ACTION,
          actor: null,
          target: redaction.reason,
          details: { redacted } satisfies RedactionDetails,
        },
        executor,
      );
    return redacted.length;
  }

  /** The newest entries, for the dashboard's recent activity. */
  async recent(limit: number): Promise<AuditEntry[]> {
    const { rows } = await this.repo.list({}, 0, limit);
    return rows.map(toAuditEntry);
  }

  /** How many entries with this action happened in the last `windowMs`. */
  async countRecent(action: string, windowMs: number): Promise<number> {
    return this.repo.count({ action, from: new Date(this.clock.now().getTime() - windowMs) });
  }
}
