/**
 * Drift of every model input (raw feature values of all stocks): PSI of the last DRIFT_RECENT_DAYS trading days
 * against the stored window before them, which the models were trained on.
 */
import { DRIFT_RECENT_DAYS } from '@bist/contracts';
import type { FeatureDrift } from '@/jobs/ml-protocol';
import { runInOwnThread } from '@/jobs/worker-pool';
import type { PanelLoader, PredictionBarReads } from './panel.ts';
import type { RunLogger } from './run-logger.ts';

export type { FeatureDrift } from '@/jobs/ml-protocol';

export class FeatureDriftMonitor {
  private driftCache: FeatureDrift | null = null;
  private driftRunning: Promise<void> | null = null;

  constructor(
    private readonly o: {
      panels: PanelLoader;
      bars: Pick<PredictionBarReads, 'latestDailyDate'>;
      log: RunLogger;
    },
  ) {}

  /**
   * Measured once per new bar date, in the background: until the first measurement ends (and while a new one runs)
   * the last one is returned, or null.
   */
  async featureDrift(): Promise<FeatureDrift | null> {
    const latest = await this.o.bars.latestDailyDate();
    if (!latest) return null;
    if (this.driftCache?.asOf !== latest && !this.driftRunning) {
      this.driftRunning = this.measureDrift(latest)
        .then((d) => {
          this.driftCache = d;
        })
        .catch((error: unknown) => this.o.log.warn({ err: error }, 'feature drift not measured'))
        .finally(() => {
          this.driftRunning = null;
        });
    }
    return this.driftCache;
  }

  /** Waits for a drift measurement in progress (tests). */
  async settleDrift(): Promise<void> {
    await this.driftRunning;
  }

  /** Loads the panel here and computes the drift in a thread of its own (a few seconds of CPU, not on the API's loop). */
  private async measureDrift(asOf: string): Promise<FeatureDrift> {
    const { panel } = await this.o.panels.loadFingerprintedPanel();
    const result = await runInOwnThread({ kind: 'drift', panel, recentDays: DRIFT_RECENT_DAYS, asOf });
    if (result.kind !== 'drift') throw new Error(`drift task returned a ${result.kind} result`);
    return result.drift;
  }
}
