// The nightly ML run follows the admin settings: its time (ml_schedule_time) and whether it runs (ml_auto_retrain).
import { describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { FixedClock } from '@/lib/clock';
import type { PredictionsRepository } from '@/modules/predictions/predictions.repository';
import { MlJobs, NIGHTLY_QUEUE, nightlyCron, type NightlySchedule } from './ml-jobs.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 19:00 in Istanbul: a trading day after the close. */
const FRIDAY_EVENING = new Date('2026-11-20T16:00:00Z');

function jobsWith(schedule: NightlySchedule | undefined) {
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
  } as unknown as PredictionsRepository;
  const jobs = new MlJobs({
    repo,
    boss,
    pool: null,
    clock: new FixedClock(FRIDAY_EVENING),
    log: quiet,
    ...(schedule ? { nightlySchedule: async () => schedule } : {}),
  });
  return { jobs, scheduled, runs };
}

describe(nightlyCron.name, () => {
  it('turns HH:MM into a Monday–Friday cron', () => {
    expect(nightlyCron('18:30')).toBe('30 18 * * 1-5');
    expect(nightlyCron('07:05')).toBe('5 7 * * 1-5');
    expect(() => nightlyCron('25:00')).toThrow();
    expect(() => nightlyCron('6:30')).toThrow();
  });
});

describe('MlJobs nightly schedule', () => {
  it('schedules at 18:30 Istanbul without settings, and at the admin time with them', async () => {
    const plain = jobsWith(undefined);
    expect(await plain.jobs.schedule()).toBe('30 18 * * 1-5');
    expect(plain.scheduled[0]).toEqual([NIGHTLY_QUEUE, '30 18 * * 1-5', null, { tz: 'Europe/Istanbul' }]);
    const admin = jobsWith({ time: '20:15', enabled: true });
    await admin.jobs.schedule();
    expect(admin.scheduled[0]?.[1]).toBe('15 20 * * 1-5');
  });

  it('evaluates and trains on a trading evening, and does nothing when ml_auto_retrain is off', async () => {
    const on = jobsWith({ time: '18:30', enabled: true });
    await on.jobs.nightly();
    expect(on.runs).toEqual(['evaluate', 'train']);
    const off = jobsWith({ time: '18:30', enabled: false });
    await off.jobs.nightly();
    expect(off.runs).toEqual([]);
  });
});
