// Entry of an ML worker thread (loaded through ml-worker-bootstrap.mjs, which registers tsx first). Runs one task at a
// time; the pool cancels a task by terminating the thread, so no cancellation check is needed here.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { Horizon } from '@bist/ml';
import { type FromWorker, type ToWorker, resultBuffers, type MlTaskResult } from './ml-protocol.ts';
import { runDriftTask, runPredictTask, runTrainTask } from './ml-tasks.ts';

const port = parentPort;
if (!port) throw new Error('ml-worker must run in a worker thread');

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, [...new Set(transfer)]);

port.on('message', (message: ToWorker) => {
  if (message.type !== 'run') return;
  const { taskId, task } = message;
  const progress = (algorithmId: string, horizon: Horizon) =>
    post({ type: 'progress', taskId, algorithmId, horizon });
  try {
    const result: MlTaskResult =
      task.kind === 'train'
        ? { kind: 'train', outcomes: runTrainTask(task, () => performance.now(), progress) }
        : task.kind === 'predict'
          ? { kind: 'predict', outcomes: runPredictTask(task, progress) }
          : { kind: 'drift', drift: runDriftTask(task) };
    post({ type: 'done', taskId, result }, resultBuffers(result));
  } catch (error) {
    post({
      type: 'failed',
      taskId,
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
});

// On Linux a thread's nice value is its own (setpriority on pid 0 = the calling thread): lowering it lets the API's
// main thread, and the database thread, run first whenever the cores are busy. Elsewhere it may affect the whole
// process or fail; the pool reports that in its ready message instead of stopping.
let priorityNote: string | undefined;
try {
  if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch (error) {
  priorityNote = error instanceof Error ? error.message : String(error);
}

post({
  type: 'ready',
  ...(priorityNote ? { note: `could not lower the thread priority: ${priorityNote}` } : {}),
});
