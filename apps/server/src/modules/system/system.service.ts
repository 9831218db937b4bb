import type { HealthResponse, PlatformStats } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import type { SystemRepository } from './system.repository.ts';

/** What this process is, for /health. */
export interface SystemIdentity {
  demoMode: boolean;
}

/** Figures other capabilities contribute to the landing page; null until that capability has data. */
export interface PlatformStatsSources {
  universe(): { stocks: number; indices: number } | null;
  algorithms(): Promise<number | null>;
  /** Routes this server answers under /api, /admin/api and /health. */
  apiEndpoints(): number;
}

/** Availability is measured over this window. */
export const UPTIME_WINDOW_MS = 30 * 24 * 3_600_000;

/**
 * Uptime in percent: minutes in which a server process recorded a heartbeat, over the minutes since the
 * first heartbeat inside the window (at most 30 days). Downtime between runs shows as missing minutes.
 */
export function uptimePercentOf(minutesUp: number, first: Date | null, now: Date): number {
  if (!first || minutesUp === 0) return 100;
  const expected = Math.floor((now.getTime() - first.getTime()) / 60_000) + 1;
  return Math.min(100, Math.round((minutesUp / Math.max(1, expected)) * 10_000) / 100);
}

/** A database ping is reused for this long, so a busy /health does not queue on the database. */
export const PING_REUSE_MS = 1_000;

export class SystemService {
  private readonly startedAt: Date;
  private lastPing: { at: number; latency: Promise<number | null> } | undefined;

  constructor(
    private readonly repo: SystemRepository,
    private readonly clock: Clock,
    private readonly ping: () => Promise<number | null>,
    private readonly identity: SystemIdentity,
    private readonly stats: PlatformStatsSources,
  ) {
    this.startedAt = clock.now();
  }

  /** /health: reachable database → ok, else degraded. */
  async health(): Promise<Omit<HealthResponse, 'success'>> {
    const latencyMs = await this.databaseLatencyMs();
    const reachable = latencyMs !== null;
    return {
      status: reachable ? 'ok' : 'degraded',
      uptimeSeconds: this.uptimeSeconds(),
      database: { reachable, latencyMs },
      demoMode: this.identity.demoMode,
      timestamp: this.clock.now().toISOString(),
    };
  }

  /** The landing page's live figures. */
  async platformStats(): Promise<PlatformStats> {
    const universe = this.stats.universe();
    return {
      stocks: universe?.stocks ?? null,
      indices: universe?.indices ?? null,
      apiEndpoints: this.stats.apiEndpoints(),
      uptimePercent: await this.uptimePercent(),
      uptimeSeconds: this.uptimeSeconds(),
      algorithms: await this.stats.algorithms(),
    };
  }

  /** Round-trip of `select 1` in ms (null when unreachable), measured at most once per second. */
  databaseLatencyMs(): Promise<number | null> {
    const now = this.clock.now().getTime();
    if (!this.lastPing || now - this.lastPing.at >= PING_REUSE_MS || now < this.lastPing.at) {
      this.lastPing = { at: now, latency: this.ping() };
    }
    return this.lastPing.latency;
  }

  uptimeSeconds(): number {
    return Math.round((this.clock.now().getTime() - this.startedAt.getTime()) / 1000);
  }

  async recordHeartbeat(): Promise<void> {
    await this.repo.recordHeartbeat(this.clock.now());
  }

  async uptimePercent(): Promise<number> {
    const now = this.clock.now();
    const { minutes, first } = await this.repo.heartbeatsSince(new Date(now.getTime() - UPTIME_WINDOW_MS));
    return uptimePercentOf(minutes, first, now);
  }
}
