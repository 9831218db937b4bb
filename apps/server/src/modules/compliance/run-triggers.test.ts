import { describe, expect, it } from 'vitest';
import { CoalescingTrigger, triggersPlatformRules, type TimerPort } from './run-triggers.ts';

/** Timers a test fires by hand: no waiting in tests. */
function manualTimers() {
  const armed = new Map<number, () => void>();
  let next = 0;
  const port: TimerPort = {
    set: (fire) => {
      next += 1;
      armed.set(next, fire);
      return next;
    },
    clear: (handle) => armed.delete(handle as number),
  };
  return {
    port,
    armed,
    fireAll: async () => {
      const fires = [...armed.values()];
      armed.clear();
      for (const fire of fires) fire();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('event-driven rule runs', () => {
  it('turns a burst of pokes into one run', async () => {
    const timers = manualTimers();
    let runs = 0;
    const trigger = new CoalescingTrigger(
      async () => {
        runs += 1;
      },
      2_000,
      () => undefined,
      timers.port,
    );
    for (let i = 0; i < 25; i += 1) trigger.poke();
    expect(timers.armed.size).toBe(1);
    expect(runs).toBe(0); // the poke itself never runs anything
    await timers.fireAll();
    expect(runs).toBe(1);
    expect(trigger.armed).toBe(false);
    trigger.poke();
    await timers.fireAll();
    expect(runs).toBe(2);
  });

  it('arms exactly one more run for pokes that arrive while a run is under way', async () => {
    const timers = manualTimers();
    let release: () => void = () => undefined;
    let runs = 0;
    const trigger = new CoalescingTrigger(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      2_000,
      () => undefined,
      timers.port,
    );
    trigger.poke();
    await timers.fireAll(); // the first run starts and waits
    trigger.poke();
    trigger.poke();
    expect(timers.armed.size).toBe(0); // nothing armed while running
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers.armed.size).toBe(1);
    await timers.fireAll();
    release();
    expect(runs).toBe(2);
  });

  it('reports a failed run and keeps working; stop disarms', async () => {
    const timers = manualTimers();
    const errors: unknown[] = [];
    let fail = true;
    let runs = 0;
    const trigger = new CoalescingTrigger(
      async () => {
        runs += 1;
        if (fail) throw new Error('database gone');
      },
      2_000,
      (e) => errors.push(e),
      timers.port,
    );
    trigger.poke();
    await timers.fireAll();
    expect(errors).toHaveLength(1);
    fail = false;
    trigger.poke();
    await timers.fireAll();
    expect(runs).toBe(2);
    trigger.poke();
    trigger.stop();
    expect(timers.armed.size).toBe(0);
    trigger.poke();
    expect(timers.armed.size).toBe(0);
  });

  it('runs the platform rules on the audit actions they read, not on compliance actions', () => {
    for (const action of [
      'login_failed',
      'login_locked',
      'login_succeeded',
      'user_updated',
      'user_created',
      'settings_updated',
      'bi_export',
    ])
      expect(triggersPlatformRules(action)).toBe(true);
    for (const action of ['violation_updated', 'compliance_rules_run_requested', 'risk_created', 'logout'])
      expect(triggersPlatformRules(action)).toBe(false);
  });
});
