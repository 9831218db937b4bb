import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntlWarmup } from './intl-warmup';

afterEach(() => vi.unstubAllGlobals());

describe(startIntlWarmup.name, () => {
  it('starts the warm-up worker from its static file', () => {
    const Worker = vi.fn();
    vi.stubGlobal('Worker', Worker);
    startIntlWarmup();
    expect(Worker).toHaveBeenCalledWith('/intl-warmup.mjs');
  });

  it('does nothing where workers cannot start', () => {
    vi.stubGlobal(
      'Worker',
      vi.fn(() => {
        throw new Error('blocked');
      }),
    );
    expect(() => {
      startIntlWarmup();
    }).not.toThrow();
    vi.stubGlobal('Worker', undefined);
    expect(() => {
      startIntlWarmup();
    }).not.toThrow();
  });
});
