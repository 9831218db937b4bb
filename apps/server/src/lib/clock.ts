/** Code that depends on 'now' takes a clock, so tests can fix the time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock shifted by `offsetMs` (the simulated market off the real time: MARKET_CLOCK_OFFSET_MS). */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

/** A clock that stays where it is set; tests move it explicitly. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date): void {
    this.current = new Date(instant);
  }
  advanceMs(durationMs: number): void {
    this.current = new Date(this.current.getTime() + durationMs);
  }
}
