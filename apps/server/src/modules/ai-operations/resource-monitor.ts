import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How often the monitor samples, and how many samples the sparkline keeps (5 s × 60 = 5 minutes). */
export const RESOURCE_SAMPLE_MS = 5_000;
export const RESOURCE_HISTORY = 60;

/** What the operating system and the runtime report, read once per sample. */
export interface ResourceReadings {
  atMs: number;
  /** process.cpuUsage(): user + system µs of every thread of this process (worker threads included). */
  processCpuMicros: number;
  /** Σ over the machine's CPUs of busy and total time, ms (os.cpus()). */
  machineBusyMs: number;
  machineTotalMs: number;
  cores: number;
  rssBytes: number;
  heapUsedBytes: number;
  machineTotalBytes: number;
  machineFreeBytes: number;
  /** p99 of the event-loop delay since the last sample, ms (null when not measured). */
  eventLoopP99Ms: number | null;
}

export interface ResourceSample {
  at: string;
  /** This process (main and worker threads) in percent of one core, like top: 2 busy cores = 200. */
  processCpuPercent: number;
  /** The same as a share of the whole machine, percent. */
  processCpuMachinePercent: number;
  machineCpuPercent: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** RSS as a share of the machine's memory, percent. */
  processMemoryPercent: number;
  machineMemoryPercent: number;
  eventLoopP99Ms: number | null;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100 * 64, (100 * part) / whole) : 0);
const round1 = (v: number) => Math.round(v * 10) / 10;

/** The figures between two readings: CPU from the time deltas, memory from the later reading. */
export function sampleBetween(prev: ResourceReadings, next: ResourceReadings): ResourceSample {
  const wallMicros = Math.max(1, (next.atMs - prev.atMs) * 1_000);
  const processCpu = pct(next.processCpuMicros - prev.processCpuMicros, wallMicros);
  return {
    at: new Date(next.atMs).toISOString(),
    processCpuPercent: round1(processCpu),
    processCpuMachinePercent: round1(processCpu / Math.max(1, next.cores)),
    machineCpuPercent: round1(
      pct(next.machineBusyMs - prev.machineBusyMs, next.machineTotalMs - prev.machineTotalMs),
    ),
    rssBytes: next.rssBytes,
    heapUsedBytes: next.heapUsedBytes,
    processMemoryPercent: round1(pct(next.rssBytes, next.machineTotalBytes)),
    machineMemoryPercent: round1(pct(next.machineTotalBytes - next.machineFreeBytes, next.machineTotalBytes)),
    eventLoopP99Ms: next.eventLoopP99Ms === null ? null : round1(next.eventLoopP99Ms),
  };
}

/** Reads the process and the machine (node:os, process.cpuUsage/memoryUsage, the event-loop histogram). */
export function readSystem(loop: IntervalHistogram | null): ResourceReadings {
  const cpu = process.cpuUsage();
  let busy = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  const mem = process.memoryUsage();
  const p99 = loop && loop.count > 0 ? loop.percentile(99) / 1e6 : null;
  loop?.reset();
  return {
    atMs: Date.now(),
    processCpuMicros: cpu.user + cpu.system,
    machineBusyMs: busy,
    machineTotalMs: total,
    cores: os.availableParallelism(),
    rssBytes: mem.rss,
    heapUsedBytes: mem.heapUsed,
    machineTotalBytes: os.totalmem(),
    machineFreeBytes: os.freemem(),
    eventLoopP99Ms: p99,
  };
}

/** Samples the process and the machine every RESOURCE_SAMPLE_MS and keeps a short history. */
export class ResourceMonitor {
  private readonly samples: ResourceSample[] = [];
  private last: ResourceReadings;
  private timer: NodeJS.Timeout | null = null;
  private readonly loop: IntervalHistogram | null;

  constructor(private readonly read: (loop: IntervalHistogram | null) => ResourceReadings = readSystem) {
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    this.last = this.read(this.loop);
  }

  /** Takes one sample now (the timer calls this). */
  sample(): ResourceSample {
    const next = this.read(this.loop);
    const s = sampleBetween(this.last, next);
    this.last = next;
    this.samples.push(s);
    if (this.samples.length > RESOURCE_HISTORY) this.samples.shift();
    return s;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sample(), RESOURCE_SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.loop?.disable();
  }

  /** The newest sample (one is taken when none exists yet) and the history, oldest first. */
  current(): { latest: ResourceSample; history: ResourceSample[] } {
    const latest = this.samples.at(-1) ?? this.sample();
    return { latest, history: [...this.samples] };
  }
}
