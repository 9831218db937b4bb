/**
 * The pg-boss queue of the compliance rule runs and their schedule: plumbing only. What a run does lives in
 * modules/compliance (ComplianceService.run). Shares the ML queue's pg-boss (started by it): one connection on PGlite.
 */
import type { Job, PgBoss } from 'pg-boss';

export const COMPLIANCE_QUEUE = 'compliance-rules';
/**
 * Every 5 minutes on weekdays and weekends: the safety net. Platform rules also run on the audit events they read and
 * market rules after each closed minute bar (ComplianceService.noteAuditEvent / noteMinuteBar).
 */
export const COMPLIANCE_CRON = '*/5 * * * *';
export const COMPLIANCE_TIME_ZONE = 'Europe/Istanbul';

export interface ComplianceJobData {
  /** What asked for the run: the schedule, staff, the start (all rules), an audit event (platform rules) or a minute bar (market rules). */
  trigger: 'schedule' | 'on_demand' | 'start' | 'audit_event' | 'minute_bar';
}

export class ComplianceQueue {
  private created = false;

  constructor(private readonly boss: PgBoss) {}

  /** Creates the queue (pg-boss must be started) and its schedule; idempotent. */
  async start(): Promise<void> {
    // A run is cheap and the next one covers what a failed one missed: no retries, no long expiry.
    await this.boss.createQueue(COMPLIANCE_QUEUE, { retryLimit: 0, expireInSeconds: 15 * 60 });
    await this.boss.schedule(
      COMPLIANCE_QUEUE,
      COMPLIANCE_CRON,
      { trigger: 'schedule' },
      { tz: COMPLIANCE_TIME_ZONE },
    );
    this.created = true;
  }

  /** Queues a run; null when the queue is not started in this process (the caller then runs it at once). */
  async send(trigger: ComplianceJobData['trigger']): Promise<string | null> {
    if (!this.created) return null;
    return this.boss.send(COMPLIANCE_QUEUE, { trigger } satisfies ComplianceJobData);
  }

  /** Takes runs in this process, one at a time. */
  async work(run: (data: ComplianceJobData) => Promise<void>): Promise<void> {
    await this.boss.work<ComplianceJobData>(
      COMPLIANCE_QUEUE,
      { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 5 },
      async (jobs: Job<ComplianceJobData>[]) => {
        for (const job of jobs) await run(job.data);
      },
    );
  }
}
