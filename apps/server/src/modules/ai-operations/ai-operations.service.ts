/**
 * The AI operations centre: staff act on algorithms (train, predict, enable, disable, emergency stop, promote or roll
 * back a model version) through the predictions capability's run service, and read what the job system measures.
 * Every action is audited with its reason.
 */
import { algorithmById } from '@bist/ml';
import { STOCKS } from '@bist/market';
import type { PlatformSettings } from '@bist/contracts';
import { BadRequestError, NotFoundError } from '@/lib/errors';
import type {
  PredictionRunsService,
  RunRow,
  StaffAction,
} from '@/modules/predictions/prediction-runs.service';
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
  runs: PredictionRunsService;
  settings: Pick<SettingsService, 'update' | 'get'>;
}

export class AiOperationsService {
  constructor(private readonly d: AiOperationsDeps) {}

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
      staff,
      details: { symbols, reason: body.reason ?? null },
    });
  }

  async setEnabled(algorithmId: string, enabled: boolean, staff: StaffAction): Promise<void> {
    await this.d.runs.setEnabled(algorithmId, enabled, staff);
  }

  async emergencyStop(algorithmId: string, reason: string, staff: StaffAction) {
    const r = await this.d.runs.emergencyStop(algorithmId, reason, staff);
    return { algorithms: r.algorithms, cancelled_runs: r.cancelledRuns, nightly_paused: false };
  }

  /** Stops every algorithm and pauses the nightly schedule (Auto-retrain off) until staff turn it on again. */
  async emergencyStopAll(reason: string, staff: StaffAction) {
    const r = await this.d.runs.emergencyStop(null, reason, staff);
    const settings: PlatformSettings = await this.d.settings.get();
    if (settings.ml_auto_retrain) {
      await this.d.settings.update({ ml_auto_retrain: false }, staff.actor, staff.meta);
    }
    return { algorithms: r.algorithms, cancelled_runs: r.cancelledRuns, nightly_paused: true };
  }
}
