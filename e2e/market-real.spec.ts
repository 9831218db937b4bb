import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInInvestor } from './investor-sign-in.ts';

// The real feed end to end (issue #31), without the internet: a second server of its own, on a fresh data folder,
// with MARKET_FEED=yahoo pointed at the local fake provider the suite starts (playwright.config.ts: recorded Yahoo
// answers over HTTP on E2E_PORT+1). Its first start backfills the history from the fake provider; the top bar then
// shows the real-data badge, a stock's price is the provider's replayed answer, and an admin's 'Market feed' switch
// changes the investor's badge while the server runs on. A server of its own, because the switch and the real
// history would change what every other spec sees on the shared simulated server.

const PORT = Number(process.env.E2E_PORT ?? 3199);
const PROVIDER_URL = `http://127.0.0.1:${String(Number(process.env.E2E_PROVIDER_PORT ?? PORT + 1))}`;
const REAL_PORT = Number(process.env.E2E_REAL_PORT ?? PORT + 2);
const BASE = `http://localhost:${String(REAL_PORT)}`;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let stderr = '';

test.beforeAll(async () => {
  test.setTimeout(360_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-e2e-real-'));
  server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(import.meta.dirname, '../apps/server'),
    env: {
      ...process.env,
      PORT: String(REAL_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      MARKET_FEED: 'yahoo',
      MARKET_PROVIDER_URL: PROVIDER_URL,
      // The fake provider is local: the production budget (100 a minute for Yahoo's hosts) would make the first
      // start's ≈ 630 chart requests take six minutes.
      MARKET_PROVIDER_REQUESTS_PER_MINUTE: '100000',
      ML_INITIAL_TRAINING: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the real-feed server exited: ${stderr}`);
        try {
          return (await fetch(`${BASE}/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 300_000, intervals: [1_000] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The top bar's badge on this screen size. */
const badge = (page: Page) => page.getByTestId('market-source-badge').filter({ visible: true });

/** THYAO's last close in the fake provider's chart answer (what the real feed stored as the newest day). */
async function replayedClose(symbol: string): Promise<number> {
  const res = await fetch(
    `${PROVIDER_URL}/v8/finance/chart/${symbol}.IS?interval=1d&period1=0&period2=4102444800`,
  );
  const body = (await res.json()) as {
    chart: { result: { indicators: { quote: { close: (number | null)[] }[] } }[] };
  };
  const closes = body.chart.result[0]!.indicators.quote[0]!.close.filter((c): c is number => c !== null);
  return closes[closes.length - 1]!;
}

for (const tag of ['', ' @phone']) {
  test(`with the real feed the top bar says real, delayed data and a stock's price is the provider's${tag}`, async ({
    page,
  }, info) => {
    await signInInvestor(page, `e2e.gercek.${info.project.name}.${Date.now()}@example.com`);
    await expect(badge(page)).toHaveText('Gerçek veri · 15 dk gecikmeli');
    await expect(page.getByText(/Simülasyon/)).toHaveCount(0);

    const close = await replayedClose('THYAO');
    await page.goto('/stocks/THYAO');
    await expect(page.getByTestId('stock-price')).toContainText(
      close.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    await expect(page.getByTestId('source-line')).toContainText('Yahoo Finance');
  });
}

test("an admin's 'Market feed' switch changes the investor's badge while the server runs on", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  await signInInvestor(page, `e2e.gercek.switch.${Date.now()}@example.com`);
  await expect(badge(page)).toHaveText('Gerçek veri · 15 dk gecikmeli');

  const staff = await browser.newContext({ baseURL: BASE, locale: 'en-GB' });
  const admin = await staff.newPage();
  const setFeed = async (option: string) => {
    await admin.goto('/admin/settings');
    await admin.locator('#settings-market_feed').click();
    await admin.getByRole('option', { name: option, exact: true }).click();
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    // The answer waits for the switch itself (the new feed's catch-up), seconds on a busy machine.
    await expect(admin.getByText('Settings saved')).toBeVisible({ timeout: 150_000 });
  };
  await admin.goto('/admin/login');
  await admin.getByRole('button', { name: 'Use Demo Credentials' }).click();
  await admin.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);

  await setFeed('Simulated');
  await page.reload();
  await expect(badge(page)).toHaveText('Simülasyon · gerçek piyasa değil');

  await setFeed('Yahoo Finance');
  await page.reload();
  await expect(badge(page)).toHaveText('Gerçek veri · 15 dk gecikmeli');
  await staff.close();
});
