import type { Clock } from '@/lib/clock';
import type { RequestMetricsCollector } from '@/plugins/request-metrics';
import type { BiRepository } from './bi.repository.ts';

export interface BiServiceDeps {
  repo: BiRepository;
  clock: Clock;
  /** This process's request counters (drained into the database once a minute). */
  requestMetrics: RequestMetricsCollector;
}

/** Business intelligence: captures product activity and answers the BI dashboard's figures. */
export class BiService {
  constructor(private readonly deps: BiServiceDeps) {}

  /**
   * Stores the request counters of every finished minute (with `includeCurrent`, the running one too: at shutdown).
   * On failure the counters are kept for the next flush.
   */
  async flushRequestMetrics(includeCurrent = false): Promise<number> {
    const series = this.deps.requestMetrics.drain(includeCurrent);
    try {
      await this.deps.repo.insertRequestSeries(series);
    } catch (error) {
      this.deps.requestMetrics.restore(series);
      throw error;
    }
    return series.length;
  }
}
