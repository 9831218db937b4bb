import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id.ts';

describe(requestIdGenerator.name, () => {
  it('keeps a well-formed incoming id and replaces a bad or missing one', () => {
    const next = requestIdGenerator();
    expect(next('abc-123')).toBe('abc-123');
    expect(next('has space')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(next('x'.repeat(65))).not.toBe('x'.repeat(65));
    expect(next(['a', 'b'])).toMatch(/^[0-9a-f]{12}-/);
    expect(next(undefined)).toMatch(/^[0-9a-f]{12}-/);
  });

  it('never repeats an id within a process and differs between processes', () => {
    const a = requestIdGenerator();
    const b = requestIdGenerator();
    const ids = new Set(Array.from({ length: 10_000 }, () => a(undefined)));
    expect(ids.size).toBe(10_000);
    expect(a(undefined).split('-')[0]).not.toBe(b(undefined).split('-')[0]);
  });
});
