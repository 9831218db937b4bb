// A bench data directory with the full training stored: the server's first start trains every algorithm (both
// phases of jobs/first-training.ts: 40 algorithms × 2 horizons, then their predictions, ≈ 45,000 on the simulated
// universe) into it, once; later runs reuse it as it is (a server with trained models does not train at start).
import fs from 'node:fs';
import path from 'node:path';
import { staffToken } from './server.ts';

/** Written into the data directory once its full training has ended. */
const TRAINED_MARKER = '.bench-full-training-stored';

/**
 * The server environment for a data directory: the first training of every algorithm until it has ended there once,
 * then none (the measured server does exactly what bench:api's default server does).
 */
export function fullTrainingEnv(dataDir: string): Record<string, string> {
  return fs.existsSync(path.join(dataDir, TRAINED_MARKER)) ? {} : { ML_INITIAL_TRAINING: 'true' };
}

interface Run {
  kind: string;
  status: string;
}

/**
 * Waits until the first training has ended: no run queued or running, and both phases' train and predict runs
 * succeeded (each phase is a train → predict → evaluate chain). Returns what the investor views then show.
 */
export async function waitForFullTraining(
  base: string,
  dataDir: string,
  timeoutMs: number,
): Promise<{ predictions: number; algorithms: number }> {
  const deadline = Date.now() + timeoutMs;
  const token = await staffToken(base);
  let lastLine = '';
  for (;;) {
    const res = await fetch(`${base}/admin/api/ml/runs?limit=50`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const runs = ((await res.json()) as { data: { runs: Run[] } }).data.runs;
    const active = runs.filter((r) => r.status === 'queued' || r.status === 'running').length;
    const succeeded = (kind: string) =>
      runs.filter((r) => r.kind === kind && r.status === 'succeeded').length;
    if (active === 0 && succeeded('train') >= 2 && succeeded('predict') >= 2) break;
    const line = `training: ${active} runs active, ${succeeded('train')} trainings and ${succeeded('predict')} predictions done`;
    if (line !== lastLine) console.log(line);
    lastLine = line;
    if (Date.now() > deadline)
      throw new Error(`the full training did not end within ${timeoutMs / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  fs.writeFileSync(path.join(dataDir, TRAINED_MARKER), `${new Date().toISOString()}\n`);
  const list = (await (await fetch(`${base}/api/ml-algorithms/list?limit=100`)).json()) as {
    data: { algorithms: { live_predictions_count: number; trained_at: string | null }[] };
  };
  return {
    predictions: list.data.algorithms.reduce((sum, a) => sum + a.live_predictions_count, 0),
    algorithms: list.data.algorithms.filter((a) => a.trained_at !== null).length,
  };
}
