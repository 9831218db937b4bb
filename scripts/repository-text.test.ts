// The repository speaks of the product alone: no tracked text (code, docs, bench results) names a numbered work stop
// or session, or a machine's absolute path. Figures live in bench/results with the command that makes them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What a text about the product must not say: how and where it was written. */
const FORBIDDEN = [
  { what: 'a numbered work stop or session', pattern: /\b(?:[Ss]tops?|[Ss]essions?) \d+\b/ },
  { what: "a machine's absolute path", pattern: /(?:^|[^.\w/})\]])\/(?:work|home|Users|root)\/[\w.-]/ },
];
/** In documents (not code, whose fixtures are instants), an instant is the day a figure was written down. */
const FORBIDDEN_IN_DOCS = [{ what: 'the instant it was written', pattern: /\b20\d\d-\d\d-\d\dT\d\d:\d\d/ }];

const SKIPPED = new Set(['package-lock.json']);

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out
    .split('\0')
    .filter((f) => f && !SKIPPED.has(path.basename(f)))
    .filter((f) => !/\.(png|jpe?g|webp|woff2?|ico|gz|br|wasm|tar)$/i.test(f));
}

function findings(text: string, document = false): string[] {
  const found: string[] = [];
  const rules = document ? [...FORBIDDEN, ...FORBIDDEN_IN_DOCS] : FORBIDDEN;
  text.split('\n').forEach((line, i) => {
    for (const { what, pattern } of rules) if (pattern.test(line)) found.push(`line ${i + 1}: ${what}`);
  });
  return found;
}

describe('the repository speaks of the product alone', () => {
  it('the patterns catch what they are for and spare the product words', () => {
    // The examples are put together at run time, so this file's own text holds none of what it forbids.
    const [stop, session, work, home] = ['stop', 'session', 'work', 'home'];
    expect(findings(`Measured at ${stop} 30 on the host`)).toHaveLength(1);
    expect(findings(`Since ${session} 4 the model`)).toHaveLength(1);
    expect(findings(`dataset: /${work}/shared/data/real_daily`)).toHaveLength(1);
    expect(findings(`see /${home}/dev/project`)).toHaveLength(1);
    expect(findings('an emergency stop, stops the algorithm; session phases; ../shared/data')).toEqual([]);
    expect(findings(`const url = \`\${base}/${work}/items\``)).toEqual([]);
    expect(findings('bench:api on 2026-11-28T08:01:56.999Z', true)).toHaveLength(1);
    expect(findings("new Date('2026-11-21T16:00:00Z')")).toEqual([]);
    expect(findings('prices 2020-01-02 … 2026-07-10', true)).toEqual([]);
  });

  it('no tracked text names a work stop, a session number or an absolute machine path', () => {
    const offenders: string[] = [];
    for (const file of trackedTextFiles()) {
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full)) continue;
      const buffer = fs.readFileSync(full);
      if (buffer.includes(0)) continue; // binary
      for (const f of findings(buffer.toString('utf8'), file.endsWith('.md'))) offenders.push(`${file} ${f}`);
    }
    expect(offenders).toEqual([]);
  });
});
