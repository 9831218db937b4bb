// Shared by the top-level scripts: install when needed, run commands, find newest files.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function say(message) {
  process.stdout.write(`\x1b[36m▸ ${message}\x1b[0m\n`);
}

/** What the dependencies declare (pg-boss, vitest and yahoo-finance2: ≥ 22.12), and the oldest Node.js that runs it. */
export const NODE_DECLARED = [22, 12];
export const NODE_RUNS = [20, 19];

const atLeast = ([major, minor], [needMajor, needMinor]) =>
  major > needMajor || (major === needMajor && minor >= needMinor);

/**
 * Says clearly when this Node.js is older than the dependencies declare: below 20.19 it stops (the ES-module loading
 * the tools rely on is missing); from 20.19 to 22.11 it warns and goes on (the whole test suite passes there, but
 * Node 20 reached its end of life in April 2026 and gets no security fixes). Returns 'ok', 'old' or 'too-old'.
 */
export function checkNodeVersion(version = process.versions.node, write = (t) => process.stderr.write(t)) {
  const parsed = version.split('.').map(Number);
  if (atLeast(parsed, NODE_DECLARED)) return 'ok';
  const declared = NODE_DECLARED.join('.');
  if (!atLeast(parsed, NODE_RUNS)) {
    write(
      `\x1b[31m▸ Node.js ${version} is too old for BIST AI: its dependencies declare ${declared} or later ` +
        `(pg-boss, vitest, yahoo-finance2). Install Node.js 22 LTS or 24.\x1b[0m\n`,
    );
    return 'too-old';
  }
  write(
    `\x1b[33m▸ Node.js ${version} is older than BIST AI's dependencies declare (${declared} or later: pg-boss, ` +
      `vitest, yahoo-finance2). It runs (the test suite passes on ${NODE_RUNS.join('.')} or later), but Node 20 ` +
      `reached its end of life in April 2026 and gets no security fixes: install Node.js 22 LTS or 24.\x1b[0m\n`,
  );
  return 'old';
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureInstall() {
  if (checkNodeVersion() === 'too-old') process.exit(1);
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const missing = !fs.existsSync(marker);
  const stale =
    !missing && fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000;
  if (!missing && !stale) return;
  say(
    missing
      ? 'Installing dependencies (npm ci)…'
      : 'package-lock.json changed: updating dependencies (npm install)…',
  );
  const result = spawnSync('npm', [missing ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('Dependency installation failed.');
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time (ms) of the files under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return newest;
}

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contracts/src',
  'apps/web/package.json',
];

/** Builds the web app when its build is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const built = path.join(ROOT, 'apps/web/dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (!force && builtAt > 0 && builtAt >= newestMtime(WEB_SOURCES)) return true;
  say(builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app…');
  const result = spawnSync('npm', ['-w', 'apps/web', 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  return result.status === 0;
}

/** Runs a command with its output (stdout and stderr, interleaved) collected instead of shown: { code, output }. */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code) => resolve({ code, output: Buffer.concat(chunks).toString() });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}
