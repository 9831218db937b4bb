import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without type declarations
import { checkNodeVersion } from './lib.mjs';

describe('checkNodeVersion', () => {
  const run = (version: string) => {
    const said: string[] = [];
    const verdict = checkNodeVersion(version, (text: string) => said.push(text));
    return { verdict, said: said.join('') };
  };

  it('is silent on the versions the dependencies declare', () => {
    expect(run('22.12.0')).toEqual({ verdict: 'ok', said: '' });
    expect(run('24.3.1')).toEqual({ verdict: 'ok', said: '' });
  });

  it('warns on Node 20.19 to 22.11, naming what the dependencies declare and what to install', () => {
    for (const version of ['20.19.0', '20.20.2', '22.11.0']) {
      const { verdict, said } = run(version);
      expect(verdict).toBe('old');
      expect(said).toContain(`Node.js ${version} is older`);
      expect(said).toContain('22.12 or later');
      expect(said).toContain('install Node.js 22 LTS or 24');
    }
  });

  it('stops below 20.19', () => {
    const { verdict, said } = run('20.18.3');
    expect(verdict).toBe('too-old');
    expect(said).toContain('too old');
  });
});
