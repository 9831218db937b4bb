import { describe, expect, it } from 'vitest';
import {
  ResourceMonitor,
  RESOURCE_HISTORY,
  sampleBetween,
  type ResourceReadings,
} from './resource-monitor.ts';

const GiB = 1024 ** 3;
const base: ResourceReadings = {
  atMs: 1_000_000,
  processCpuMicros: 10_000_000,
  machineBusyMs: 50_000,
  machineTotalMs: 200_000,
  cores: 2,
  rssBytes: 0.5 * GiB,
  heapUsedBytes: 0.1 * GiB,
  machineTotalBytes: 8 * GiB,
  machineFreeBytes: 2 * GiB,
  eventLoopP99Ms: 12.34,
};

describe('resource samples', () => {
  it('derives CPU from the deltas between readings and memory from the later one', () => {
    // 5 s of wall time; the process used 7.5 s of CPU (1.5 cores); the machine's 2 CPUs were busy 8 of 10 s.
    const next = {
      ...base,
      atMs: base.atMs + 5_000,
      processCpuMicros: base.processCpuMicros + 7_500_000,
      machineBusyMs: base.machineBusyMs + 8_000,
      machineTotalMs: base.machineTotalMs + 10_000,
    };
    expect(sampleBetween(base, next)).toEqual({
      at: new Date(base.atMs + 5_000).toISOString(),
      processCpuPercent: 150,
      processCpuMachinePercent: 75,
      machineCpuPercent: 80,
      rssBytes: 0.5 * GiB,
      heapUsedBytes: 0.1 * GiB,
      processMemoryPercent: 6.3,
      machineMemoryPercent: 75,
      eventLoopP99Ms: 12.3,
    });
  });

  it('keeps a bounded history, oldest first', () => {
    let t = 0;
    const monitor = new ResourceMonitor(() => ({ ...base, atMs: base.atMs + 1_000 * t++ }));
    for (let i = 0; i < RESOURCE_HISTORY + 5; i++) monitor.sample();
    const { latest, history } = monitor.current();
    expect(history).toHaveLength(RESOURCE_HISTORY);
    expect(history.at(-1)).toEqual(latest);
    expect(history[0]!.at < latest.at).toBe(true);
    monitor.stop();
  });
});
