// npm run bench:web — the web app's weight and speed on its main routes, as a phone would get them.
// Builds the web app, starts the real server on the production build (fresh DATA_DIR, demo mode), loads each route
// in Chromium (playwright-core, /usr/bin/chromium or $CHROMIUM_PATH) and prints, per route, the JS / CSS / font
// bytes the page loaded (each file gzip -6, as the budgets are stated) and the bytes that crossed the wire. Exits 1
// when a route's JS exceeds its budget. Then Lighthouse (mobile preset: simulated slow 4G, CPU ×4) on the routes
// in LIGHTHOUSE_ROUTES, best of --runs. Writes bench/results/web.md. Options:
//   --port <n> server port (default 3905)   --runs <n> Lighthouse runs per route (default 3, 0 skips Lighthouse)
//   --no-build use the existing apps/web/dist   --files list each route's JS files with their gzip -6 size
//   --lighthouse <names> only these LIGHTHOUSE_ROUTES, comma-separated (e.g. dashboard)
//   --lhr <dir> also write each Lighthouse report as JSON there (LCP element, main-thread work, request chains)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/chromium-args.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const PORT = Number(option('port', '3905'));
const RUNS = Number(option('runs', '3'));
const BUILD = !args.includes('--no-build');
const FILES = args.includes('--files');
const LHR_DIR = option('lhr', '');
const LIGHTHOUSE_ONLY = option('lighthouse', '').split(',').filter(Boolean);
const BASE = `http://localhost:${PORT}`;
const CHROMIUM =
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate) => candidate && fs.existsSync(candidate),
  ) ?? '';

type Realm = 'guest' | 'investor' | 'admin';
interface Route {
  name: string;
  path: string;
  realm: Realm;
  /** Budget for the gzip -6 size of every script the page loaded, in kB (1 kB = 1,000 bytes). */
  jsBudgetKb: number;
}

const ROUTES: Route[] = [
  { name: 'landing', path: '/', realm: 'guest', jsBudgetKb: 100 },
  { name: 'login', path: '/login', realm: 'guest', jsBudgetKb: 100 },
  { name: 'dashboard', path: '/dashboard', realm: 'investor', jsBudgetKb: 180 },
  { name: 'stock page', path: '/stocks/THYAO', realm: 'investor', jsBudgetKb: 200 },
  // The investor's portfolio holds the demo transactions (see signIn), so its allocation and performance charts load.
  { name: 'portfolio', path: '/portfolio', realm: 'investor', jsBudgetKb: 220 },
  { name: 'predictions', path: '/predictions', realm: 'investor', jsBudgetKb: 210 },
  { name: 'admin login', path: '/admin/login', realm: 'guest', jsBudgetKb: 200 },
  { name: 'admin dashboard', path: '/admin/dashboard', realm: 'admin', jsBudgetKb: 200 },
];
/** The routes the issue sets a Lighthouse target for (mobile ≥ 95, CLS ≤ 0.05). */
const LIGHTHOUSE_ROUTES = ['landing', 'login', 'dashboard'];

const INVESTOR = { email: 'bench.web@example.com', password: 'bench-web-password' };
const ADMIN = { email: 'superadmin@bistai.demo', password: 'superadmin-demo-2026' };

function say(message: string): void {
  process.stdout.write(`▸ ${message}\n`);
}

function build(): void {
  say('Building the web app (vite build)…');
  const result = spawnSync('npm', ['-w', 'apps/web', 'run', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the web build failed');
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      ML_INITIAL_TRAINING: 'false',
      MARKET_FEED: 'simulated',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/** Signs the context in through the sign-in pages, as a person would. */
async function signIn(context: BrowserContext, realm: Realm): Promise<void> {
  if (realm === 'guest') return;
  const page = await context.newPage();
  if (realm === 'investor') {
    await page.goto(`${BASE}/login`);
    await page.getByLabel('E-posta').fill(INVESTOR.email);
    await page.getByLabel('Şifre', { exact: true }).fill(INVESTOR.password);
    await page.getByLabel('Şifre', { exact: true }).press('Enter');
    await page.waitForURL('**/dashboard');
    // A new account's portfolio is empty; the demo transactions give the portfolio page its charts to draw.
    await page.goto(`${BASE}/portfolio`);
    await page.getByRole('button', { name: 'Demo portföy yükle' }).click();
    await page.getByTestId('demo-banner').waitFor();
  } else {
    await page.goto(`${BASE}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
  }
  await page.close();
}

interface Weight {
  files: number;
  gz: number;
  wire: number;
}
interface RouteWeight {
  js: Weight;
  css: Weight;
  font: Weight;
}

const KINDS = { script: 'js', stylesheet: 'css', font: 'font' } as const;

/** Loads the route in a fresh context (nothing cached) and sums what it loaded, by kind. */
async function weigh(context: BrowserContext, route: Route): Promise<RouteWeight> {
  const page = await context.newPage();
  const weight: RouteWeight = {
    js: { files: 0, gz: 0, wire: 0 },
    css: { files: 0, gz: 0, wire: 0 },
    font: { files: 0, gz: 0, wire: 0 },
  };
  const pending: Promise<void>[] = [];
  const files: { url: string; gz: number }[] = [];
  const onResponse = (response: Response) => {
    const kind = KINDS[response.request().resourceType() as keyof typeof KINDS];
    if (!kind || !response.url().startsWith(BASE)) return;
    pending.push(
      (async () => {
        // A worker's script (intl-warmup.mjs) is gone with the worker once it has closed itself: fetch it again.
        const body = await response
          .body()
          .catch(async () => Buffer.from(await (await context.request.get(response.url())).body()));
        const sizes = await response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: body.length }));
        const gz = zlib.gzipSync(body, { level: 6 }).length;
        weight[kind].files += 1;
        weight[kind].gz += gz;
        if (FILES && kind === 'js') files.push({ url: response.url().slice(BASE.length), gz });
        weight[kind].wire += sizes.responseBodySize;
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto(`${BASE}${route.path}`, { waitUntil: 'networkidle' });
  // The route rendered itself (a guard that bounced to another page would weigh the wrong page).
  if (new URL(page.url()).pathname !== route.path) {
    throw new Error(`${route.path} ended on ${page.url()}`);
  }
  // Below-the-fold chunks a page asks for after the first idle moment count too.
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  await Promise.all(pending);
  await page.close();
  if (FILES) {
    say(`${route.path}: ${files.length} JS files`);
    for (const file of files.sort((a, b) => b.gz - a.gz)) say(`  ${kb(file.gz).padStart(6)} kB  ${file.url}`);
  }
  return weight;
}

interface LighthouseScore {
  /** Null when Lighthouse could not score the run (its runtime error is in `error`). */
  score: number | null;
  error?: string;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  a11y: number;
}

/** Lighthouse's mobile run (its default config) on a Chromium it can drive; signed in when the route needs it. */
async function lighthouseRuns(route: Route, runs: number): Promise<LighthouseScore[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores: LighthouseScore[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_ARGS,
      userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-chrome-')),
    });
    let browser: Browser | undefined;
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0]!;
      await signIn(context, route.realm);
      // Signed in, then a cold cache: Lighthouse keeps the storage (the session) but loads every file anew.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      const result = await lighthouse(`${BASE}${route.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: route.realm !== 'guest',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (LHR_DIR) {
        fs.mkdirSync(LHR_DIR, { recursive: true });
        const file = `${route.name.replace(/\W+/g, '-')}-${run + 1}.json`;
        fs.writeFileSync(path.join(LHR_DIR, file), JSON.stringify(lhr));
      }
      const performance = lhr.categories.performance?.score;
      scores.push({
        score: typeof performance === 'number' ? Math.round(performance * 100) : null,
        error: lhr.runtimeError?.code ?? (typeof performance === 'number' ? undefined : 'no score'),
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      });
    } finally {
      await browser?.close().catch(() => undefined);
      chrome.kill();
    }
  }
  return scores;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH');
  if (BUILD) build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-data-'));
  const server = startServer(dataDir);
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  const lines: string[] = [];
  let failed = false;
  try {
    say(`Starting the server on ${BASE} (data dir ${dataDir})…`);
    await waitFor(`${BASE}/health`, 240_000);
    const loadBefore = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const rows: string[] = [];
    try {
      const contextOptions = { viewport: { width: 390, height: 844 }, locale: 'tr-TR' };
      const sessions = new Map<Realm, Awaited<ReturnType<BrowserContext['storageState']>>>();
      for (const route of ROUTES) {
        let storageState = sessions.get(route.realm);
        if (!storageState) {
          const signedIn = await browser.newContext(contextOptions);
          await signIn(signedIn, route.realm);
          storageState = await signedIn.storageState();
          sessions.set(route.realm, storageState);
          await signedIn.close();
        }
        // A new context per route: an empty HTTP cache, the realm's session in local storage.
        const context = await browser.newContext({ ...contextOptions, storageState });
        const w = await weigh(context, route);
        await context.close();
        const over = w.js.gz > route.jsBudgetKb * 1000;
        failed ||= over;
        const row = `| ${route.name} (${route.path}) | ${kb(w.js.gz)} | ${route.jsBudgetKb} | ${over ? '**over**' : 'ok'} | ${w.js.files} | ${kb(w.js.wire)} | ${kb(w.css.gz)} | ${kb(w.css.wire)} | ${kb(w.font.gz)} (${w.font.files}) | ${kb(w.font.wire)} |`;
        console.log(row);
        rows.push(row);
      }
    } finally {
      await browser.close();
    }
    lines.push(
      `bench:web — production build served by the real server (demo mode, fresh data dir), Chromium ${CHROMIUM}, 390×844, empty cache; node ${process.version}, ${os.cpus().length} cores, load average before ${loadBefore}`,
      '',
      'Sizes in kB (1,000 bytes). "gz" = each file the page loaded, gzip -6 (how the budgets are stated); "wire" = the bytes that crossed the network (Content-Encoding as the server chose for a browser sending Accept-Encoding: gzip, deflate, br, zstd).',
      '',
      '| route | JS gz | JS budget | | JS files | JS wire | CSS gz | CSS wire | fonts gz (files) | fonts wire |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
    );
    if (RUNS > 0) {
      const lhRows: string[] = [];
      const lighthouseNames = LIGHTHOUSE_ONLY.length > 0 ? LIGHTHOUSE_ONLY : LIGHTHOUSE_ROUTES;
      for (const name of lighthouseNames) {
        const route = ROUTES.find((r) => r.name === name);
        if (!route) throw new Error(`--lighthouse: no route named '${name}'`);
        say(`Lighthouse (mobile) on ${route.path}, ${RUNS} runs…`);
        const scores = await lighthouseRuns(route, RUNS);
        // A run Lighthouse could not score (a runtime error, e.g. NO_FCP) is listed as failed, never as a 0.
        const scored = scores.filter((s) => s.score !== null);
        const best = scored.reduce<LighthouseScore | undefined>(
          (a, b) => (!a || b.score! > a.score! ? b : a),
          undefined,
        );
        const runs = scores.map((s) => s.score ?? `failed (${s.error})`).join(' / ');
        if (!best) {
          const row = `| ${route.name} (${route.path}) | no scored run | ${runs} | | | | | |`;
          console.log(row);
          lhRows.push(row);
          continue;
        }
        const row = `| ${route.name} (${route.path}) | ${best.score} | ${runs} | ${(best.fcp / 1000).toFixed(2)} s | ${(best.lcp / 1000).toFixed(2)} s | ${Math.round(best.tbt)} ms | ${best.cls.toFixed(3)} | ${best.a11y} |`;
        console.log(row);
        lhRows.push(row);
      }
      lines.push(
        '',
        `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} mobile (default config: simulated slow 4G, CPU ×4), best of ${RUNS} runs; the figures are the best run's. Not a quiet machine unless the load average above says so.`,
        '',
        '| route | performance (best) | all runs | FCP | LCP | TBT | CLS | accessibility |',
        '|---|---|---|---|---|---|---|---|',
        ...lhRows,
      );
    }
    const table = lines.join('\n');
    console.log(`\n${table}`);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/web.md'), `${table}\n`);
    if (failed) console.error('\nA route is over its JS budget.');
  } finally {
    stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
