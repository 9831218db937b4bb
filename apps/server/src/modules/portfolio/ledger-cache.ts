import type { Clock } from '@/lib/clock';
import { SingleFlight } from '@/lib/single-flight';
import { ledgerReplay, ledgerViolationMessage, type ReplayResult } from './ledger.ts';
import type { PortfolioRepository, TransactionRow } from './portfolio.repository.ts';
import { toLedger } from './transaction-rows.ts';

/** Cached ledgers are re-checked against the database version at most this often (other server processes). */
export const LEDGER_VERSION_CHECK_MS = 1_000;
/** Investors whose replay is kept in memory (least recently loaded are dropped first). */
export const LEDGER_CACHE_MAX_INVESTORS = 5_000;

export type ValidReplay = Extract<ReplayResult, { ok: true }>;

/** One investor's ledger in memory: the stored rows and their replay. */
export interface CachedLedger {
  version: number;
  /**
   * This process's number for this load of the ledger. Two loads of one version may hold different rows (the version
   * is read before the rows, so a write in between lands in the rows only): what is derived from a ledger is
   * versioned by version and load together.
   */
  load: number;
  checkedAtMs: number;
  /** Some rows came from 'Demo portföy yükle'. */
  isDemo: boolean;
  allowNegativeCash: boolean;
  rows: TransactionRow[];
  replay: ValidReplay;
}

/**
 * Investors' replayed ledgers, kept in memory. A ledger is rebuilt from the database whenever this process writes it
 * (`invalidate`), and when the database's ledger version moved (a write by another process), which is checked at
 * most every LEDGER_VERSION_CHECK_MS — so another process's write shows here within about a second; this process's
 * own writes show at once.
 */
export class LedgerCache {
  private readonly ledgers = new Map<string, CachedLedger>();
  private readonly loading = new SingleFlight<string, CachedLedger>();
  private invalidations = 0;
  private loads = 0;

  constructor(
    private readonly repo: PortfolioRepository,
    private readonly clock: Clock,
  ) {}

  /** The investor's replayed ledger: from memory, or one version query plus one ledger query. */
  async get(userId: string): Promise<CachedLedger> {
    const cached = this.ledgers.get(userId);
    if (cached && this.clock.now().getTime() - cached.checkedAtMs < LEDGER_VERSION_CHECK_MS) return cached;
    // Requests arriving together after the check went stale share one version check (and one reload).
    return this.loading.run(userId, () => this.load(userId));
  }

  /** After this process wrote a ledger: the next read reloads it, and a load already in flight is not kept. */
  invalidate(userId: string): void {
    this.ledgers.delete(userId);
    this.loading.forget(userId);
    this.invalidations += 1;
  }

  private async load(userId: string): Promise<CachedLedger> {
    const nowMs = this.clock.now().getTime();
    const invalidationsAtStart = this.invalidations;
    const cached = this.ledgers.get(userId);
    // Version first, rows second: a write in between makes the ledger look older than it is (reloaded next time),
    // never newer.
    const account = await this.repo.account(userId);
    if (cached && cached.version === account.ledgerVersion && this.ledgers.get(userId) === cached) {
      cached.checkedAtMs = nowMs;
      return cached;
    }
    const rows = await this.repo.listTransactions(userId);
    const replay = ledgerReplay(rows.map(toLedger), { allowNegativeCash: account.allowNegativeCash });
    if (!replay.ok)
      throw new Error(`stored ledger of ${userId} is invalid: ${ledgerViolationMessage(replay.violation)}`);
    this.loads += 1;
    const ledger: CachedLedger = {
      version: account.ledgerVersion,
      load: this.loads,
      checkedAtMs: nowMs,
      isDemo: rows.some((row) => row.isDemo),
      allowNegativeCash: account.allowNegativeCash,
      rows,
      replay,
    };
    // A write during the load may not be in these rows: serve them to the callers that asked before it, keep none.
    if (this.invalidations !== invalidationsAtStart) return ledger;
    this.ledgers.delete(userId);
    this.ledgers.set(userId, ledger);
    if (this.ledgers.size > LEDGER_CACHE_MAX_INVESTORS) {
      const oldest = this.ledgers.keys().next().value;
      if (oldest !== undefined) this.ledgers.delete(oldest);
    }
    return ledger;
  }
}
