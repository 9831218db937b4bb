/**
 * The AI operations centre: staff act on algorithms (train, predict, enable, disable, emergency stop, promote or roll
 * back a model version) through the predictions capability's run service, and read what the job system measures.
 * Every action is audited with its reason.
 */
import os from 'node:os';
import { algorithmById } from '@bist/ml';
import { STOCKS } from '@bist/market';
import {
  AI_HEALTH_RULE_TEXT,
  DRIFT_RECENT_DAYS,
  aiOperationalHealth,
  edgeVerdict,
  AI_RECENT_ACTIVITY,
  algorithmEvaluationSchema,
  type AdminAlgorithm,
  type FeatureDriftView,
  type PerformanceAlert,
  type PerformanceOverview,
  type PlatformSettings,
  type RealtimeDashboard,
  type SystemStats,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { BadRequestError, NotFoundError } from '@/lib/errors';
import type { FeatureDrift, FeatureDriftMonitor } from '@/modules/models/feature-drift';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import type { MlRunsService, RunRow, StaffAction } from '@/modules/models/runs.service';
import { mlRunOf } from '@/modules/models/shapes';
import { accuracyWithBaseline } from '@/modules/predictions/predictions.service';
import type { AiOperationsRepository, AlertRow } from './ai-operations.repository.ts';
import { RESOURCE_SAMPLE_MS, ResourceMonitor, type ResourceSample } from './resource-monitor.ts';
import type { SettingsService } from '@/modules/settings/settings.service';

const UNIVERSE = new Set(STOCKS.map((s) => s.symbol));

/** Tickers as the universe spells them ('.IS' suffix dropped); an unknown one is a 400 naming `symbols`. */
export function universeSymbols(symbols: readonly string[] | undefined): string[] {
  const plain = [...new Set((symbols ?? []).map((s) => s.replace(/\.IS$/, '')))];
  const unknown = plain.filter((s) => !UNIVERSE.has(s));
  if (unknown.length > 0) {
    throw new BadRequestError(`Unknown symbol(s): ${unknown.join(', ')}`, 'symbols');
  }
  return plain;
}

export interface AiOperationsDeps {
  registry: ModelRegistryService;
  runs: MlRunsService;
  drift: Pick<FeatureDriftMonitor, 'featureDrift'>;
  settings: Pick<SettingsService, 'update' | 'get'>;
  repo: AiOperationsRepository;
  clock: Clock;
  log: { warn(obj: object, msg?: string): void };
  /** Samples the process and the machine (tests pass one with fixed readings). */
  resources?: ResourceMonitor;
}

/** The horizon the centre grades algorithms at (the investor pages' default). */
export const ASSESSED_HORIZON = 1;
const RECENT_RUNS = 100;

const round = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Number(v.toFixed(digits));

interface RankIcRecord {
  rankIc?: { mean: number | null; sd: number | null; days: number };
}

function driftView(d: FeatureDrift | null): FeatureDriftView | null {
  return d
    ? {
        as_of: d.asOf,
        training_from: d.trainingFrom,
        recent_from: d.recentFrom,
        max_psi: d.maxPsi,
        features: d.features.map((f) => ({
          name: f.name,
          psi: f.psi,
          raw_psi: f.rawPsi,
          market_wide: f.marketWide,
        })),
        market_event: d.marketEvent
          ? {
              features: d.marketEvent.features,
              max_raw_psi: d.marketEvent.maxRawPsi,
              detail:
                `Market-wide level shift in ${d.marketEvent.features.join(', ')} (raw PSI up to ` +
                `${d.marketEvent.maxRawPsi.toFixed(2)}) over the last ${DRIFT_RECENT_DAYS} trading days; what the ` +
                'models see of them (the daily cross-sectional z-score) did not drift',
            }
          : null,
      }
    : null;
}

const sampleView = (s: ResourceSample) => ({
  at: s.at,
  process_cpu_percent: s.processCpuPercent,
  process_cpu_machine_percent: s.processCpuMachinePercent,
  machine_cpu_percent: s.machineCpuPercent,
  rss_bytes: s.rssBytes,
  heap_used_bytes: s.heapUsedBytes,
  process_memory_percent: s.processMemoryPercent,
  machine_memory_percent: s.machineMemoryPercent,
  event_loop_p99_ms: s.eventLoopP99Ms,
});

export class AiOperationsService {
  private readonly resources: ResourceMonitor;

  constructor(private readonly d: AiOperationsDeps) {
    this.resources = d.resources ?? new ResourceMonitor();
  }

  /** Starts sampling resources every few seconds (the API process's background). */
  startSampling(): () => void {
    this.resources.start();
    return () => this.resources.stop();
  }

  // ------------------------------------------------------------------ resources

  /** The newest resource sample with the worker pool and the job counts. */
  async systemStats(): Promise<{ stats: SystemStats; history: ResourceSample[]; active: RunRow[] }> {
    const { latest, history } = this.resources.current();
    const active = await this.d.runs.activeRuns();
    const pool = this.d.runs.poolStats();
    return {
      stats: {
        ...sampleView(latest),
        cores: os.availableParallelism(),
        machine_memory_bytes: os.totalmem(),
        sample_interval_ms: RESOURCE_SAMPLE_MS,
        workers: pool
          ? {
              threads: pool.threads,
              busy: pool.busy,
              idle: pool.threads - pool.busy,
              queued_tasks: pool.queuedTasks,
            }
          : null,
        jobs_running: active.filter((r) => r.status === 'running').length,
        jobs_queued: active.filter((r) => r.status === 'queued').length,
      },
      history,
      active,
    };
  }

  async realtime(): Promise<RealtimeDashboard> {
    const [{ stats, history, active }, overview] = await Promise.all([this.systemStats(), this.overview()]);
    return {
      success: true,
      system_stats: stats,
      history: history.map(sampleView),
      active_processes: stats.jobs_running,
      active_runs: active.map((r) => mlRunOf(r)),
      alerts: overview.alerts,
    };
  }

  // ------------------------------------------------------------------ reading

  private async drift(): Promise<FeatureDrift | null> {
    try {
      return await this.d.drift.featureDrift();
    } catch (error) {
      this.d.log.warn({ err: error }, 'feature drift not measured');
      return null;
    }
  }

  /**
   * Every algorithm with its measured figures and health (rule in @bist/contracts ai-health), in registry order;
   * the critical checks are stored as performance alerts (first and last seen).
   */
  async algorithms(): Promise<{
    list: AdminAlgorithm[];
    drift: FeatureDriftView | null;
    alerts: AlertRow[];
  }> {
    const [snap, drift] = await Promise.all([
      this.d.registry.operationsSnapshot(ASSESSED_HORIZON),
      this.drift(),
    ]);
    const now = this.d.clock.now();
    const evalById = new Map(snap.evaluations.map((e) => [e.algorithmId, e]));
    const list = snap.algorithms.map((a): AdminAlgorithm => {
      const wf = evalById.get(a.id);
      const live = snap.realised.get(a.id);
      const rankIc = (wf?.record as RankIcRecord | undefined)?.rankIc;
      // What investors see of the algorithm (predictions capability): realised once enough has matured, else the
      // walk-forward, each with its day-clustered interval. Its edge verdict is the health's edge check.
      const parsed = wf ? algorithmEvaluationSchema.safeParse(wf.record) : null;
      const shown = accuracyWithBaseline(
        wf ? { row: wf, record: parsed?.success ? parsed.data : null } : undefined,
        live,
        ASSESSED_HORIZON,
      );
      const health = aiOperationalHealth({
        shown: shown ? { edgePoints: shown.edge_points, edgeCi: shown.edge_ci } : null,
        walkForward: wf
          ? {
              accuracyPercent: wf.accuracyPercent,
              accuracyCiLowPercent: wf.accuracyCiLowPercent,
              accuracyCiHighPercent: wf.accuracyCiHighPercent,
              rankIc: {
                mean: rankIc?.mean ?? wf.rankIcMean,
                sd: rankIc?.sd ?? null,
                days: rankIc?.days ?? 0,
              },
            }
          : null,
        live: live ? { evaluated: live.evaluated, hits: live.hits } : null,
        maxPsi: drift?.maxPsi ?? null,
        lastTrainedAt: snap.lastTrainedAt.get(a.id) ?? null,
        now,
      });
      return {
        algorithm_id: a.id,
        algorithm_name: a.name,
        algorithm_type: a.type,
        is_active: a.enabled,
        id: a.id,
        name: a.name,
        type: a.type,
        category: a.category,
        description: a.description,
        enabled: a.enabled,
        status: a.enabled ? 'active' : 'inactive',
        accuracy: shown?.accuracy ?? null,
        accuracy_source: shown?.source ?? null,
        hit_rate_ci: shown?.accuracy_ci ?? null,
        r2: round(wf?.r2, 6),
        skill: round(wf?.skillVsRandomWalk, 6),
        rank_ic: round(wf?.rankIcMean, 6),
        predictions_count: shown?.count ?? wf?.predictionsCount ?? 0,
        live_predictions_count: snap.liveCounts.get(a.id) ?? 0,
        live_evaluated: live?.evaluated ?? 0,
        live_hit_rate: live && live.evaluated > 0 ? round((100 * live.hits) / live.evaluated, 2) : null,
        health: health.status,
        verdict: edgeVerdict(shown?.edge_ci),
        health_checks: health.checks,
        trained_at: snap.lastTrainedAt.get(a.id)?.toISOString() ?? null,
        stopped_by: a.stoppedBy,
        stopped_at: a.stoppedAt?.toISOString() ?? null,
        stop_reason: a.stopReason,
      };
    });
    const alerts = await this.d.repo.syncAlerts(
      list.flatMap((a) =>
        a.health_checks
          .filter((c) => c.counted && c.status === 'critical')
          .map((c) => ({
            algorithmId: a.id,
            check: c.check,
            value: c.value,
            threshold: c.threshold,
            detail: c.detail,
          })),
      ),
      now,
    );
    return { list, drift: driftView(drift), alerts };
  }

  async algorithmList() {
    const { list, drift } = await this.algorithms();
    return {
      success: true as const,
      data: list,
      horizon_days: ASSESSED_HORIZON,
      health_rule: AI_HEALTH_RULE_TEXT,
      drift,
    };
  }

  /** The performance table, the system counts, the open alerts and the recent activity of the job log. */
  async overview(): Promise<PerformanceOverview> {
    const [{ list, drift, alerts }, settings, runs, snapModels] = await Promise.all([
      this.algorithms(),
      this.d.settings.get(),
      this.d.runs.list(RECENT_RUNS),
      this.d.registry.operationsSnapshot(ASSESSED_HORIZON).then((s) => s.modelVersions),
    ]);
    const names = new Map(list.map((a) => [a.id, a.name]));
    const openAlerts = this.alertViews(alerts, names);
    const count = (h: string | null) => list.filter((a) => a.health === h).length;
    return {
      success: true,
      performance_data: list.map((a) => ({
        algorithm_id: a.id,
        algorithm_name: a.name,
        algorithm_type: a.type,
        avg_accuracy: a.accuracy,
        avg_r2: a.r2,
        total_predictions: a.predictions_count,
        name: a.name,
        type: a.type,
        accuracy: a.accuracy,
        r2: a.r2,
        predictions: a.predictions_count,
        status: a.health,
        skill: a.skill,
        rank_ic: a.rank_ic,
        max_psi: drift?.max_psi ?? null,
      })),
      system_stats: {
        total_algorithms: list.length,
        active_algorithms: list.filter((a) => a.enabled).length,
        trained_models: snapModels,
        trained_algorithms: list.filter((a) => a.trained_at !== null).length,
        performance_alerts: alerts.length,
        healthy: count('healthy'),
        warning: count('warning'),
        critical: count('critical'),
        unrated: count(null),
        auto_retrain: settings.ml_auto_retrain,
      },
      performance_alerts: openAlerts,
      alerts: openAlerts,
      recent_activity: recentActivity(runs),
    };
  }

  private alertViews(alerts: readonly AlertRow[], names: ReadonlyMap<string, string>): PerformanceAlert[] {
    return alerts.map((a): PerformanceAlert => ({
      id: a.id,
      algorithm_id: a.algorithmId,
      algorithm_name: names.get(a.algorithmId) ?? a.algorithmId,
      alert_type: a.check as PerformanceAlert['alert_type'],
      value: a.value,
      threshold: a.threshold,
      detail: a.detail,
      first_seen_at: a.firstSeenAt.toISOString(),
      last_seen_at: a.lastSeenAt.toISOString(),
    }));
  }

  // ------------------------------------------------------------------ acting

  /** Queues a train or predict run of one algorithm; the symbols asked for are validated and recorded. */
  async run(
    kind: 'train' | 'predict',
    algorithmId: string,
    body: { symbols?: string[]; reason?: string },
    staff: StaffAction,
  ): Promise<RunRow> {
    if (!algorithmById(algorithmId)) throw new NotFoundError('Algorithm not found');
    const symbols = universeSymbols(body.symbols);
    return this.d.runs.request(kind, {
      requestedBy: staff.actor.id ?? staff.actor.email,
      algorithmIds: [algorithmId],
      chain: kind === 'train',
      staff,
      details: { symbols, reason: body.reason ?? null },
    });
  }

  async setEnabled(algorithmId: string, enabled: boolean, staff: StaffAction): Promise<void> {
    await this.d.registry.setEnabled(algorithmId, enabled, staff);
  }

  async emergencyStop(algorithmId: string, reason: string, staff: StaffAction) {
    const r = await this.d.registry.emergencyStop(algorithmId, reason, staff);
    return { algorithms: r.algorithms, cancelled_runs: r.cancelledRuns, nightly_paused: false };
  }

  /** Stops every algorithm and pauses the nightly schedule (Auto-retrain off) until staff turn it on again. */
  async emergencyStopAll(reason: string, staff: StaffAction) {
    const r = await this.d.registry.emergencyStop(null, reason, staff);
    const settings: PlatformSettings = await this.d.settings.get();
    if (settings.ml_auto_retrain) {
      await this.d.settings.update({ ml_auto_retrain: false }, staff.actor, staff.meta);
    }
    return { algorithms: r.algorithms, cancelled_runs: r.cancelledRuns, nightly_paused: true };
  }
}

/** Recent runs grouped by algorithms and kind, newest activity first (the Overview's Recent Activity). */
export function recentActivity(runs: readonly RunRow[]): PerformanceOverview['recent_activity'] {
  const groups = new Map<string, { runs: RunRow[]; last: Date }>();
  for (const r of runs) {
    const algorithmId = r.algorithmIds?.join(', ') ?? 'all';
    const key = `${algorithmId}|${r.kind}`;
    const at = r.finishedAt ?? r.startedAt ?? r.createdAt;
    const g = groups.get(key) ?? { runs: [], last: at };
    g.runs.push(r);
    if (at > g.last) g.last = at;
    groups.set(key, g);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].last.getTime() - a[1].last.getTime())
    .slice(0, AI_RECENT_ACTIVITY)
    .map(([key, g]) => {
      const newest = g.runs.reduce((x, y) => (y.createdAt > x.createdAt ? y : x));
      return {
        algorithm_id: key.split('|')[0]!,
        log_type: newest.kind,
        status: newest.status,
        count: g.runs.length,
        event_count: g.runs.length,
        last_activity: g.last.toISOString(),
        run_id: newest.id,
      };
    });
}
