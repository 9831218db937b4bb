// The nightly ML run follows the admin settings: its time (ml_schedule_time) and whether it runs (ml_auto_retrain).
import { describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { FixedClock } from '@/lib/clock';
import { MlQueue, NIGHTLY_QUEUE, nightlyCron } from '@/jobs/ml-queue';
import type { TrainingPipeline } from './pipeline.ts';
import type { MlRunsRepository } from './runs.repository.ts';
import { MlRunsService, type NightlySchedule } from './runs.service.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 19:00 in Istanbul: a trading day after the close. */
const FRIDAY_EVENING = new Date('2026-11-20T16:00:00Z');
/** Saturday 2026-11-21, 19:00 in Istanbul. */
const SATURDAY_EVENING = new Date('2026-11-21T16:00:00Z');

function runsWith(schedule: NightlySchedule | undefined, now = FRIDAY_EVENING) {
  const scheduled: unknown[][] = [];
  const runs: string[] = [];
  const boss = {
    schedule: async (...args: unknown[]) => {
      scheduled.push(args);
    },
    send: async () => 'job-1',
  } as unknown as PgBoss;
  const repo = {
    createRun: async (run: { kind: string }) => {
      runs.push(run.kind);
      return { id: `run-${runs.length}`, kind: run.kind };
    },
    updateRun: async () => undefined,
    appendRunLog: async () => undefined,
    // A staff request and its audit row commit together; here the same fake stands for the transaction's repository.
    transaction: async (fn: (runs: unknown, tx: unknown) => Promise<unknown>) => fn(repo, undefined),
  } as unknown as MlRunsRepository;
  const service = new MlRunsService({
    runs: repo,
    pipeline: {} as TrainingPipeline,
    queue: new MlQueue(boss),
    pool: null,
    clock: new FixedClock(now),
    log: quiet,
    ...(schedule ? { nightlySchedule: async () => schedule } : {}),
  });
  return { service, scheduled, runs };
}

describe(nightlyCron.name, () => {
  it('turns HH:MM into a Monday–Friday cron', () => {
    expect(nightlyCron('18:30')).toBe('30 18 * * 1-5');
    expect(nightlyCron('07:05')).toBe('5 7 * * 1-5');
    expect(() => nightlyCron('25:00')).toThrow();
    expect(() => nightlyCron('6:30')).toThrow();
  });
});

describe('MlRunsService nightly schedule', () => {
  it('schedules at 18:30 Istanbul without settings, and at the admin time with them', async () => {
    const plain = runsWith(undefined);
    expect(await plain.service.schedule()).toBe('30 18 * * 1-5');
    expect(plain.scheduled[0]).toEqual([NIGHTLY_QUEUE, '30 18 * * 1-5', null, { tz: 'Europe/Istanbul' }]);
    const admin = runsWith({ time: '20:15', enabled: true });
    await admin.service.schedule();
    expect(admin.scheduled[0]?.[1]).toBe('15 20 * * 1-5');
  });

  it('evaluates and trains on a trading evening, and does nothing when off or on a weekend', async () => {
    const on = runsWith({ time: '18:30', enabled: true });
    await on.service.nightly();
    expect(on.runs).toEqual(['evaluate', 'train']);
    const off = runsWith({ time: '18:30', enabled: false });
    await off.service.nightly();
    expect(off.runs).toEqual([]);
    const weekend = runsWith({ time: '18:30', enabled: true }, SATURDAY_EVENING);
    await weekend.service.nightly();
    expect(weekend.runs).toEqual([]);
  });

  it('refuses to start a run in a process without the job queue (503)', async () => {
    const service = new MlRunsService({
      runs: {} as MlRunsRepository,
      pipeline: {} as TrainingPipeline,
      queue: null,
      pool: null,
      clock: new FixedClock(FRIDAY_EVENING),
      log: quiet,
    });
    await expect(service.request('train', { requestedBy: 'test' })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(service.health().status).toBe('not_configured');
  });
});
