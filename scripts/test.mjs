// npm test: install when missing, then lint (with the import boundaries), formatting, unused code (knip), the import
// graph (no cycles), typecheck, unit + integration tests, the web build and the Playwright e2e suite in a real
// Chromium. Ends with one line 'N passed, N failed' over every suite.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ROOT, ensureInstall, ensureWebBuild, run, runCaptured, say } from './lib.mjs';

ensureInstall();
const tmp = path.join(ROOT, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

const results = [];
function record(name, passed, failed) {
  results.push({ name, passed, failed });
}
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// ESLint uses ≈ 1.4 cores; the three single-threaded checks after it run beside it, their output held back and shown
// after ESLint's (141 s for all four instead of 176 s one after another on a 2-core host).
const quickChecks = [
  ['Formatting (Prettier)', 'format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['Unused files, exports and dependencies (knip)', 'knip', 'npx', ['knip', '--no-progress']],
  ['Import graph (no file or folder cycles)', 'import graph', 'node', ['scripts/check-import-graph.mjs']],
];
const quick = (async () => {
  const out = [];
  for (const [title, name, command, args] of quickChecks)
    out.push({ title, name, ...(await runCaptured(command, args)) });
  return out;
})();

say('Lint (ESLint, type-aware)');
const lint = await run('npx', ['eslint', '--max-warnings', '0', '.']);
record('lint', lint === 0 ? 1 : 0, lint === 0 ? 0 : 1);

for (const { title, name, code, output } of await quick) {
  say(title);
  process.stdout.write(output);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

say('Typecheck (tsc, every workspace)');
const types = await run('node', ['scripts/typecheck.mjs']);
record('typecheck', types === 0 ? 1 : 0, types === 0 ? 0 : 1);

say(
  'Unit and integration tests (Vitest)' +
    (process.env.DATABASE_URL ? ' — repository suites also on DATABASE_URL' : ''),
);
const vitestJson = path.join(tmp, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitest = await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v)
  record('vitest', v.numPassedTests, v.numFailedTests + (vitest !== 0 && v.numFailedTests === 0 ? 1 : 0));
else record('vitest', 0, 1);

say('Web build (Vite)');
const built = ensureWebBuild({ force: true });
record('web build', built ? 1 : 0, built ? 0 : 1);

say('End-to-end tests (Playwright, Chromium)');
const chromium = ensureChromium();
if (chromium === null || !built) {
  record('e2e', 0, 1);
} else {
  const e2eJson = path.join(tmp, 'e2e.json');
  fs.rmSync(e2eJson, { force: true });
  const e2e = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  });
  const e = readJson(e2eJson);
  if (e?.stats)
    record(
      'e2e',
      e.stats.expected + e.stats.flaky,
      e.stats.unexpected + (e2e !== 0 && e.stats.unexpected === 0 ? 1 : 0),
    );
  else record('e2e', 0, 1);
}

console.log('');
for (const r of results)
  console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
