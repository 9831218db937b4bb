/**
 * A pool of ML worker threads (size ML_WORKERS). Each thread runs one task at a time; tasks wait in FIFO order.
 * Cancelling a task (its AbortSignal) terminates the thread that runs it and starts a fresh one: the stop is
 * immediate whatever the algorithm is doing, which a between-steps flag could not promise for a long fit.
 */
import { Worker } from 'node:worker_threads';
import type { Horizon } from '@bist/ml';
import {
  type FromWorker,
  type MlTask,
  type MlTaskResult,
  type ToWorker,
  taskBuffers,
} from './ml-protocol.ts';

export class TaskCancelledError extends Error {
  constructor() {
    super('The ML task was cancelled');
    this.name = 'TaskCancelledError';
  }
}

export class WorkerTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export class PoolClosedError extends Error {
  constructor() {
    super('The ML worker pool is closed');
    this.name = 'PoolClosedError';
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (algorithmId: string, horizon: Horizon) => void;
}

interface Pending {
  id: number;
  task: MlTask;
  options: RunOptions;
  resolve(result: MlTaskResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
  current: Pending | null;
}

/** Threads that die before becoming ready this many times in a row mean the entry cannot load: stop respawning. */
const MAX_FAILED_STARTS = 3;

const BOOTSTRAP = new URL('./ml-worker-bootstrap.mjs', import.meta.url);
const ENTRY = new URL('./ml-worker.ts', import.meta.url).href;

export class MlWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private failedStarts = 0;
  private brokenReason: string | null = null;

  constructor(readonly size: number) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
  }

  /** Threads busy with a task right now. */
  get busy(): number {
    return this.slots.filter((s) => s.current !== null).length;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Runs a task on the next free thread; the task's buffers are moved to the worker (do not reuse them). */
  run(task: MlTask, options: RunOptions = {}): Promise<MlTaskResult> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    if (this.brokenReason)
      return Promise.reject(new WorkerTaskError(`ML worker threads cannot start: ${this.brokenReason}`));
    if (options.signal?.aborted) return Promise.reject(new TaskCancelledError());
    return new Promise<MlTaskResult>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, task, options, resolve, reject };
      this.queue.push(pending);
      options.signal?.addEventListener('abort', () => this.cancel(pending), { once: true });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new PoolClosedError());
    await Promise.all(
      this.slots.map(async (s) => {
        s.current?.reject(new PoolClosedError());
        s.current = null;
        await s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY } });
    // A worker must not keep the process alive on its own (CLI runs, tests).
    worker.unref();
    const slot: Slot = { worker, current: null, ready: Promise.resolve(), isReady: false };
    slot.ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      const onReady = (m: FromWorker) => {
        if (m.type === 'ready') {
          worker.off('message', onReady);
          slot.isReady = true;
          this.failedStarts = 0;
          resolve();
        }
      };
      worker.on('message', onReady);
    });
    // A start failure is handled by the 'error'/'exit' listeners below; this only keeps the promise from going unhandled.
    slot.ready.catch(() => undefined);
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed && (slot.current || !slot.isReady))
        this.onCrash(slot, new WorkerTaskError(`ML worker exited with code ${code}`));
    });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || this.queue.length === 0) continue;
      const pending = this.queue.shift()!;
      slot.current = pending;
      const message: ToWorker = { type: 'run', taskId: pending.id, task: pending.task };
      slot.ready.then(
        () => {
          if (slot.current === pending)
            slot.worker.postMessage(message, [...new Set(taskBuffers(pending.task))]);
        },
        (error: unknown) => this.onCrash(slot, error instanceof Error ? error : new Error(String(error))),
      );
    }
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    const pending = slot.current;
    if (!pending || m.type === 'ready' || m.taskId !== pending.id) return;
    if (m.type === 'progress') {
      pending.options.onProgress?.(m.algorithmId, m.horizon);
      return;
    }
    slot.current = null;
    if (m.type === 'done') pending.resolve(m.result);
    else pending.reject(new WorkerTaskError(m.message));
    this.dispatch();
  }

  private onCrash(slot: Slot, error: Error): void {
    const pending = slot.current;
    slot.current = null;
    pending?.reject(error instanceof WorkerTaskError ? error : new WorkerTaskError(error.message));
    this.replace(slot, error);
  }

  private replace(slot: Slot, error?: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    // Only a thread that died on its own counts as a failed start; one terminated by a cancel (possibly before it
    // was ready) says nothing about whether threads can start.
    if (error && !slot.isReady && ++this.failedStarts >= MAX_FAILED_STARTS) {
      this.brokenReason = error?.message ?? 'the worker exited before it was ready';
      for (const p of this.queue.splice(0))
        p.reject(new WorkerTaskError(`ML worker threads cannot start: ${this.brokenReason}`));
      return;
    }
    this.slots[i] = this.spawn();
    this.dispatch();
  }

  private cancel(pending: Pending): void {
    const q = this.queue.indexOf(pending);
    if (q >= 0) {
      this.queue.splice(q, 1);
      pending.reject(new TaskCancelledError());
      return;
    }
    const slot = this.slots.find((s) => s.current === pending);
    if (!slot) return;
    slot.current = null;
    pending.reject(new TaskCancelledError());
    this.replace(slot);
  }
}

/**
 * Runs one short task in a thread of its own, outside the pool, and ends the thread: for work that must not wait
 * behind a training run that holds every pool thread for minutes (the feature drift of the AI-operations page).
 * The thread lowers its own priority like the pool's.
 */
export function runInOwnThread(task: MlTask): Promise<MlTaskResult> {
  return new Promise<MlTaskResult>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY } });
    worker.unref();
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') {
        const message: ToWorker = { type: 'run', taskId: 1, task };
        worker.postMessage(message, [...new Set(taskBuffers(task))]);
      } else if (m.type === 'done') settle(() => resolve(m.result));
      else if (m.type === 'failed') settle(() => reject(new WorkerTaskError(m.message)));
    });
    worker.on('error', (error) => settle(() => reject(new WorkerTaskError(error.message))));
    worker.on('exit', (code) =>
      settle(() => reject(new WorkerTaskError(`ML worker exited with code ${code}`))),
    );
  });
}
