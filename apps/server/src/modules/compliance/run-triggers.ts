import { isExportAction } from './rules/bulk-export.ts';

/**
 * Audit actions the platform rules read (brute force, off-hours sign-in, privilege change, settings change, bulk
 * export). Writing one of these asks for a run of the platform rules; other actions (compliance's own among them)
 * do not, so a run never triggers another.
 */
const PLATFORM_RULE_ACTIONS = new Set([
  'login_failed',
  'login_locked',
  'login_succeeded',
  'user_created',
  'user_updated',
  'settings_updated',
]);

/** Whether writing an audit entry with this action should run the platform rules. */
export function triggersPlatformRules(action: string): boolean {
  return PLATFORM_RULE_ACTIONS.has(action) || isExportAction(action);
}

/** setTimeout / clearTimeout, replaceable in tests (which fire the timer themselves: no waiting). */
export interface TimerPort {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: TimerPort = {
  set: (fire, ms) => {
    const handle = setTimeout(fire, ms);
    handle.unref();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Coalesces pokes into runs: the first poke arms a timer of `delayMs`; pokes while it is armed change nothing (a burst
 * of events gives one run, `delayMs` after the first); a poke while a run is under way arms one more after it. A
 * failed run is reported to `onError` and does not stop later ones. `poke` never waits for the run.
 */
export class CoalescingTrigger {
  private timer: unknown = null;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly fire: () => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly timers: TimerPort = realTimers,
  ) {}

  /** Whether a run is armed (waiting for its timer). */
  get armed(): boolean {
    return this.timer !== null;
  }

  poke(): void {
    if (this.stopped || this.timer !== null) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.timer = this.timers.set(() => void this.flush(), this.delayMs);
  }

  /** Runs now what is armed (the timer's callback; tests call it to skip the wait). */
  async flush(): Promise<void> {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.running = true;
    try {
      await this.fire();
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
