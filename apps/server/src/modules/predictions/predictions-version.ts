import type { Clock } from '@/lib/clock';
import { SingleFlight } from '@/lib/single-flight';
import type { PredictionsRepository } from './predictions.repository.ts';

/** The stored fingerprint is re-read at most this often (a run finished or staff changed a flag in another process). */
export const PREDICTIONS_VERSION_CHECK_MS = 1_000;
/**
 * A fingerprint older than the check interval is re-read in the background while callers go on with it; one older than
 * this (an idle process, or re-reads that failed) is re-read before answering.
 */
export const PREDICTIONS_VERSION_STALE_MS = 2 * PREDICTIONS_VERSION_CHECK_MS;

/**
 * The version of what the investor views of predictions are made from (daily summary, algorithm list, a stock's
 * predictions): the database's fingerprint of runs, algorithm flags and champions (`viewsFingerprint`), re-read at
 * most every PREDICTIONS_VERSION_CHECK_MS (in the background while it is under PREDICTIONS_VERSION_STALE_MS old), and this process's own changes, counted at once (`changed`). Views made
 * at one version are kept and served until the version moves: another process's change shows here within about a
 * second, this process's at once — the ledger cache's rule (portfolio/ledger-cache.ts).
 */
export class PredictionsVersion {
  private stored: { fingerprint: string; checkedAtMs: number } | null = null;
  private local = 0;
  private readonly reading = new SingleFlight<'fingerprint', string>();

  constructor(
    private readonly repo: Pick<PredictionsRepository, 'viewsFingerprint'>,
    private readonly clock: Clock,
  ) {}

  /**
   * The current version. Read it before the data it versions: a change in between makes the data look older than it
   * is (made again next time), never newer. Under load the re-read happens beside the requests rather than in front
   * of them: a request never waits behind the database's queue for a fingerprint that is under two seconds old.
   */
  async current(): Promise<string> {
    const nowMs = this.clock.now().getTime();
    const ageMs = this.stored ? nowMs - this.stored.checkedAtMs : Number.POSITIVE_INFINITY;
    if (ageMs >= PREDICTIONS_VERSION_STALE_MS) return this.read(nowMs);
    if (ageMs >= PREDICTIONS_VERSION_CHECK_MS) {
      // A failed background re-read leaves the fingerprint to age: the read in front of a request then reports it.
      this.read(nowMs).catch(() => undefined);
    }
    return `${this.stored!.fingerprint}#${this.local}`;
  }

  private async read(nowMs: number): Promise<string> {
    const localAtStart = this.local;
    const fingerprint = await this.reading.run('fingerprint', () => this.repo.viewsFingerprint());
    // A change by this process during the read may not be in it: keep it only when there was none.
    if (this.local === localAtStart) this.stored = { fingerprint, checkedAtMs: nowMs };
    return `${fingerprint}#${this.local}`;
  }

  /**
   * This process stored something the views show (a run ended, a flag or champion changed): the version moves now
   * (its counter), and the fingerprint is re-read with the next call.
   */
  changed(): void {
    this.local += 1;
    this.reading.forget('fingerprint');
    if (this.stored) this.stored = { ...this.stored, checkedAtMs: Number.NEGATIVE_INFINITY };
  }
}
