// The ML models' capability wired from its parts: the registry, the runs and the pipeline they run, on the
// infrastructure's job queue and pool (without them runs can be read but not started).
import { MarketRepository } from '@/market/market.repository';
import { FeatureDriftMonitor } from '@/modules/models/feature-drift';
import { PanelLoader } from '@/modules/models/panel';
import { TrainingPipeline } from '@/modules/models/pipeline';
import { ModelRegistryRepository } from '@/modules/models/registry.repository';
import { ModelRegistryService } from '@/modules/models/registry.service';
import { MlRunsRepository } from '@/modules/models/runs.repository';
import { MlRunsService } from '@/modules/models/runs.service';
import { PredictionWritesRepository } from '@/modules/predictions/prediction-writes.repository';
import { PredictionsRepository } from '@/modules/predictions/predictions.repository';
import type { PredictionsVersion } from '@/modules/predictions/predictions-version';
import type { AuditService } from '@/modules/audit/audit.service';
import type { SettingsService } from '@/modules/settings/settings.service';
import type { Infrastructure, Logger } from './infrastructure.ts';

/** The model registry (algorithms, versions, champions), the runs' lifecycle and the inputs' drift. */
export interface Models {
  registry: ModelRegistryService;
  runs: MlRunsService;
  drift: FeatureDriftMonitor;
}

/** The predictions' read repository, reading the registry's tables through the models' registry repository. */
export function predictionsRepositoryOf(db: Infrastructure['database']['db']): PredictionsRepository {
  return new PredictionsRepository(db, new ModelRegistryRepository(db));
}

export function createModels(
  infra: Pick<Infrastructure, 'config' | 'database' | 'clock' | 'jobs'>,
  platform: { audit: AuditService; settings: Pick<SettingsService, 'refresh'> },
  log: Logger,
  predictionsVersion?: PredictionsVersion,
): Models {
  const db = infra.database.db;
  const registryStore = new ModelRegistryRepository(db);
  const runStore = new MlRunsRepository(db);
  const bars = new MarketRepository(db);
  const panels = new PanelLoader(bars);
  const mlLog = log.child({ module: 'ml' });
  const pool = infra.jobs?.pool ?? null;
  const pipeline = new TrainingPipeline({
    registry: registryStore,
    predictions: new PredictionWritesRepository(db),
    panels,
    bars,
    pool,
    clock: infra.clock,
    log: mlLog,
    ...(infra.jobs?.walkForward ? { walkForward: infra.jobs.walkForward } : {}),
    codeVersion: infra.config.codeVersion,
  });
  const runs = new MlRunsService({
    runs: runStore,
    pipeline,
    ...(predictionsVersion ? { onViewsChanged: () => predictionsVersion.changed() } : {}),
    queue: infra.jobs?.queue ?? null,
    pool,
    clock: infra.clock,
    log: mlLog,
    audit: platform.audit,
    // Re-read when the nightly job fires, so a schedule saved through another process applies.
    nightlySchedule: async () => {
      const settings = await platform.settings.refresh();
      return { time: settings.ml_schedule_time, enabled: settings.ml_auto_retrain };
    },
  });
  const registry = new ModelRegistryService({
    registry: registryStore,
    runStore,
    runs,
    outcomes: predictionsRepositoryOf(db),
    clock: infra.clock,
    audit: platform.audit,
  });
  return { registry, runs, drift: new FeatureDriftMonitor({ panels, bars, log: mlLog }) };
}
