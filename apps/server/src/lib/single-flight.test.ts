import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.ts';

describe('SingleFlight', () => {
  it('runs one load for concurrent callers of the same key and shares its result', async () => {
    const flight = new SingleFlight<string, number>();
    let loads = 0;
    let release!: (value: number) => void;
    const load = () => {
      loads += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const a = flight.run('k', load);
    const b = flight.run('k', load);
    expect(flight.size).toBe(1);
    release(7);
    await expect(Promise.all([a, b])).resolves.toEqual([7, 7]);
    expect(loads).toBe(1);
    expect(flight.size).toBe(0);
  });

  it('runs separate loads for different keys and again after a load settled', async () => {
    const flight = new SingleFlight<string, string>();
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    await expect(Promise.all([flight.run('a', load('A')), flight.run('b', load('B'))])).resolves.toEqual([
      'A',
      'B',
    ]);
    await expect(flight.run('a', load('A2'))).resolves.toBe('A2');
    expect(loads).toBe(3);
  });

  it('does not keep a failure: the next call loads again', async () => {
    const flight = new SingleFlight<string, number>();
    await expect(flight.run('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(flight.run('k', async () => 1)).resolves.toBe(1);
  });
});

describe('SingleFlight.forget', () => {
  it('lets the next caller start a fresh load while the old one still answers its own callers', async () => {
    const flight = new SingleFlight<string, string>();
    let release!: (value: string) => void;
    const old = flight.run('k', () => new Promise<string>((resolve) => (release = resolve)));
    flight.forget('k');
    const fresh = flight.run('k', async () => 'new');
    release('old');
    await expect(old).resolves.toBe('old');
    await expect(fresh).resolves.toBe('new');
    expect(flight.size).toBe(0);
  });
});
