import type { Clock } from '@/lib/clock';
import { SingleFlight } from '@/lib/single-flight';
import {
  ledgerReplay,
  ledgerReplayTail,
  ledgerViolationMessage,
  sortedChange,
  type LedgerRules,
  type ValidReplay,
} from './ledger.ts';
import type { PortfolioRepository, TransactionRow } from './portfolio.repository.ts';
import { toLedger } from './transaction-rows.ts';

/** Cached ledgers are re-checked against the database version at most this often (other server processes). */
export const LEDGER_VERSION_CHECK_MS = 1_000;
/** Investors whose replay is kept in memory (least recently loaded are dropped first). */
export const LEDGER_CACHE_MAX_INVESTORS = 5_000;

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
  /** The stored rows in replay order (rows[i] is replay.ordered[i]). */
  rows: TransactionRow[];
  replay: ValidReplay;
  /** The largest id in the ledger (0 when empty): a new transaction's id is larger. */
  maxId: number;
}

/**
 * Investors' replayed ledgers, kept in memory. A write of this process validates against the ledger here when it is
 * the version the write locked (`atVersion`), and leaves the ledger it computed (`changed`, `install`): neither reads
 * the ledger again, and only the transactions after the change are replayed, so a write's cost does not grow with the
 * ledger. A ledger is read again from the database after a write that does not compute it (`invalidate`), and when
 * the database's ledger version moved (a write by another process), which is checked at most every
 * LEDGER_VERSION_CHECK_MS — so another process's write shows here within about a second; this process's own writes
 * show at once.
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

  /**
   * The ledger at `version`, for a write holding the ledger lock at that version: the one in memory when it is that
   * version (nothing read), else read through `repo` (another process wrote it since, or it was not loaded).
   */
  async atVersion(userId: string, version: number, repo: PortfolioRepository): Promise<CachedLedger> {
    const cached = this.ledgers.get(userId);
    if (cached && cached.version === version) return cached;
    const account = await repo.account(userId);
    return this.build(version, account.allowNegativeCash, await repo.listTransactions(userId));
  }

  /**
   * `base` after a write this process made at `base.version` (committed as `base.version + 1`): the row at
   * `removeIndex` taken out, `add` (as stored) put in, and only what follows the first change replayed — or not at
   * all when the write already holds that replay (`replay`, checked with the ids the rows were stored with).
   */
  changed(
    base: CachedLedger,
    change: {
      removeIndex?: number | null;
      add?: readonly TransactionRow[];
      rules?: LedgerRules;
      replay?: ValidReplay;
    },
  ): CachedLedger {
    const removeIndex = change.removeIndex ?? null;
    const add = change.add ?? [];
    const rules = change.rules ?? { allowNegativeCash: base.allowNegativeCash };
    const rowsChange = sortedChange(base.rows, removeIndex, add);
    let replay = change.replay;
    if (!replay) {
      const ordered = sortedChange(base.replay.ordered, removeIndex, add.map(toLedger));
      const result = ledgerReplayTail(base.replay, ordered.from, ordered.tail, rules);
      if (!result.ok)
        throw new Error(`a checked write broke the ledger: ${ledgerViolationMessage(result.violation)}`);
      replay = result;
    }
    const rows = base.rows.slice(0, rowsChange.from).concat(rowsChange.tail);
    this.loads += 1;
    return {
      version: base.version + 1,
      load: this.loads,
      checkedAtMs: this.clock.now().getTime(),
      isDemo: removeIndex === null ? base.isDemo || add.some((r) => r.isDemo) : rows.some((r) => r.isDemo),
      allowNegativeCash: rules.allowNegativeCash,
      rows,
      replay,
      maxId: add.reduce((max, row) => Math.max(max, row.id), base.maxId),
    };
  }

  /**
   * Keeps a ledger this process just committed, unless a newer version is already here; a load in flight (which may
   * predate the write) is not kept.
   */
  install(userId: string, ledger: CachedLedger): void {
    const cached = this.ledgers.get(userId);
    this.loading.forget(userId);
    this.invalidations += 1;
    if (cached && cached.version >= ledger.version) return;
    this.keep(userId, ledger);
  }

  private build(version: number, allowNegativeCash: boolean, rows: TransactionRow[]): CachedLedger {
    const replay = ledgerReplay(rows.map(toLedger), { allowNegativeCash });
    if (!replay.ok)
      throw new Error(`a stored ledger is invalid: ${ledgerViolationMessage(replay.violation)}`);
    this.loads += 1;
    return {
      version,
      load: this.loads,
      checkedAtMs: this.clock.now().getTime(),
      isDemo: rows.some((row) => row.isDemo),
      allowNegativeCash,
      rows,
      replay,
      maxId: rows.reduce((max, row) => Math.max(max, row.id), 0),
    };
  }

  private keep(userId: string, ledger: CachedLedger): void {
    this.ledgers.delete(userId);
    this.ledgers.set(userId, ledger);
    if (this.ledgers.size > LEDGER_CACHE_MAX_INVESTORS) {
      const oldest = this.ledgers.keys().next().value;
      if (oldest !== undefined) this.ledgers.delete(oldest);
    }
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
    const ledger = this.build(account.ledgerVersion, account.allowNegativeCash, rows);
    ledger.checkedAtMs = nowMs;
    // A write during the load may not be in these rows: serve them to the callers that asked before it, keep none.
    if (this.invalidations !== invalidationsAtStart) return ledger;
    this.keep(userId, ledger);
    return ledger;
  }
}
