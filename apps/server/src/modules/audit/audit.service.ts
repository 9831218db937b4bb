import type { AuditEntry, AuditEventType, AuditQuery } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import type { DbExecutor } from '@/db/executor';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import { checkChain, GENESIS_HASH, type ChainBreak } from './audit-chain.ts';
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
/** Told of every entry written (after the insert; inside a caller's transaction, before its commit). */
export type AuditListener = (entry: { action: string; eventType: AuditEventType }) => void;

export class AuditService {
  private readonly listeners = new Set<AuditListener>();

  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock,
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
    return { entries: rows.map(toAuditEntry), total };
  }

  /**
   * Checks the whole hash chain in id order: a changed entry breaks its own hash, a removed or inserted one its
   * successor's link. Entries written before the chain existed (no hash, all before the first chained one) are
   * counted, not checked. `headHash` is the newest entry's hash: kept outside the database, it also reveals a chain
   * rewritten from some entry onwards.
   */
  async verifyChain(batchSize = 1_000): Promise<{
    checked: number;
    unchained: number;
    broken: ChainBreak | null;
    headHash: string | null;
  }> {
    let afterId = 0;
    let previous = GENESIS_HASH;
    let checked = 0;
    let unchained = 0;
    let started = false;
    for (;;) {
      const rows = await this.repo.chainBatch(afterId, batchSize);
      if (rows.length === 0) break;
      afterId = rows[rows.length - 1]!.id;
      const chained = rows.filter((row) => {
        if (!started && row.hash === null && row.prevHash === null) {
          unchained += 1;
          return false;
        }
        started = true;
        return true;
      });
      const { broken, lastHash } = checkChain(chained, previous);
      if (broken)
        return {
          checked: checked + chained.findIndex((r) => r.id === broken.id),
          unchained,
          broken,
          headHash: null,
        };
      checked += chained.length;
      previous = lastHash;
    }
    return { checked, unchained, broken: null, headHash: started ? previous : null };
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
