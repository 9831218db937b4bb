import type { Clock } from '@/lib/clock';
import { SingleFlight } from '@/lib/single-flight';
import type { PredictionsRepository } from './predictions.repository.ts';

/** The stored fingerprint is re-read at most this often (a run finished or staff changed a flag in another process). */
export const PREDICTIONS_VERSION_CHECK_MS = 1_000;

/**
 * The version of what the investor views of predictions are made from (daily summary, algorithm list, a stock's
 * predictions): the database's fingerprint of runs, algorithm flags and champions (`viewsFingerprint`), re-read at
 * most every PREDICTIONS_VERSION_CHECK_MS, and this process's own changes, counted at once (`changed`). Views made
 * at one version are kept and served until the version moves: another process's change shows here within about a
 * second, this process's at once — the ledger cache's rule (portfolio/ledger-cache.ts).
 */
export class PredictionsVersion {
  private stored: { fingerprint: string; checkedAtMs: number } | null = null;
  private local = 0;
  private readonly reading = new SingleFlight<'fingerprint', string>();
  private reads = 0;

  constructor(
    private readonly repo: Pick<PredictionsRepository, 'viewsFingerprint'>,
    private readonly clock: Clock,
  ) {}

  /**
   * The current version. Read it before the data it versions: a change in between makes the data look older than it
   * is (made again next time), never newer.
   */
  async current(): Promise<string> {
    const nowMs = this.clock.now().getTime();
    if (!this.stored || nowMs - this.stored.checkedAtMs >= PREDICTIONS_VERSION_CHECK_MS) {
      const localAtStart = this.local;
      const fingerprint = await this.reading.run('fingerprint', () => {
        this.reads += 1;
        return this.repo.viewsFingerprint();
      });
      // A change during the read may not be in it: use it for this call only, keep nothing.
      if (this.local === localAtStart) this.stored = { fingerprint, checkedAtMs: nowMs };
      return `${fingerprint}#${this.local}`;
    }
    return `${this.stored.fingerprint}#${this.local}`;
  }

  /** This process stored something the views show (a run ended, a flag or champion changed): the version moves now. */
  changed(): void {
    this.local += 1;
    this.stored = null;
    this.reading.forget('fingerprint');
  }

  /** Fingerprint reads so far (tests: a second request within the check interval reads nothing). */
  get fingerprintReads(): number {
    return this.reads;
  }
}
