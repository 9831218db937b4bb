import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

/** Starts the real-feed server on `dataDir` with these environment variables over the real-feed ones. */
function startServer(env: Record<string, string>): void {
  stderr = '';
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
}

/** Waits until the server's /health answers 200. */
async function healthy(timeout: number): Promise<void> {
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
      { timeout, intervals: [250] },
    )
    .toBe(true);
}

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

test.beforeAll(async () => {
  test.setTimeout(360_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-e2e-real-'));
  startServer({});
  await healthy(300_000);
});

test.afterAll(async () => {
  await stopServer();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The top bar's badge on this screen size. */
const badge = (page: Page) => page.getByTestId('market-source-badge').filter({ visible: true });

/** A stock's last close in the fake provider's chart answer (what the real feed stored as the newest day). */
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

/** A stock's price in the fake provider's answer to the quote request the real feed makes during the session. */
async function replayedQuote(symbol: string): Promise<number> {
  const res = await fetch(`${PROVIDER_URL}/v7/finance/quote?symbols=${symbol}.IS`);
  const body = (await res.json()) as { quoteResponse: { result: { regularMarketPrice: number }[] } };
  return body.quoteResponse.result[0]!.regularMarketPrice;
}

const tl = (x: number) => x.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The Istanbul hour and whether continuous trading is on, as the server's calendar says (GET /api/market/status). */
async function serverSession(): Promise<{ isOpen: boolean; istanbulHour: number }> {
  const status = (
    (await (await fetch(`${BASE}/api/market/status`)).json()) as {
      data: { isOpen: boolean; serverTime: string };
    }
  ).data;
  const istanbulHour = Number(
    new Date(status.serverTime).toLocaleString('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit' }),
  );
  return { isOpen: status.isOpen, istanbulHour };
}

for (const tag of ['', ' @phone']) {
  test(`with the real feed the top bar says real, delayed data and a stock's price is the provider's${tag}`, async ({
    page,
  }, info) => {
    await signInInvestor(page, `e2e.gercek.${info.project.name}.${Date.now()}@example.com`);
    await expect(badge(page)).toHaveText('Gerçek veri · 15 dk gecikmeli');
    await expect(page.getByText(/Simülasyon/)).toHaveCount(0);

    // During the session the page shows the live feed's quote (the replayed quote answer: 347,25 for THYAO, not the
    // chart's 348); outside it, the last stored day's close, which came from the replayed chart. Between the close
    // and the day's bar (18:00–19:00 in Istanbul) the server may show either, so the price is not checked then.
    const session = await serverSession();
    const quote = await replayedQuote('THYAO');
    const close = await replayedClose('THYAO');
    expect(tl(quote)).not.toBe(tl(close));
    await page.goto('/stocks/THYAO');
    if (session.isOpen) await expect(page.getByTestId('stock-price')).toContainText(tl(quote));
    else if (session.istanbulHour < 18 || session.istanbulHour >= 19)
      await expect(page.getByTestId('stock-price')).toContainText(tl(close));
    await expect(page.getByTestId('source-line')).toContainText('Yahoo Finance');
  });
}

/** A bearer token for the API calls that seed an investor's ledger. */
async function tokenOf(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email, password: 'herhangi-bir-sifre' } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The visible holding row of a stock (the desktop table's or the phone card's). */
const holding = (page: Page, symbol: string) =>
  page.locator(`[data-testid="holding-row"][data-symbol="${symbol}"]`).filter({ visible: true });

// The fake provider's recorded charts carry a THYAO 2:1 split on 2026-11-18 and a GARAN 1:10 consolidation on
// 2026-11-19 (playwright.config.ts, --splits): the real-feed server's backfill stored them, so an investor who held
// the stocks before is offered both.
for (const tag of ['', ' @phone']) {
  test(`a split offer dismissed with 'Yoksay' stays gone; a reverse split added with 'Deftere ekle' changes the holding${tag}`, async ({
    page,
    request,
  }, info) => {
    const email = `e2e.bolunme.${info.project.name}.${Date.now()}@example.com`;
    await signInInvestor(page, email);
    const headers = await tokenOf(request, email);
    // 1 255 GARAN for 12 TRY + 30 TRY commission: a cost of 15 090 TRY; 100 THYAO for 300 TRY.
    for (const data of [
      { symbol: 'GARAN', quantity: 1_255, price: 12, commission: 30 },
      { symbol: 'THYAO', quantity: 100, price: 300, commission: 0 },
    ]) {
      const res = await request.post('/api/portfolio/transactions', {
        headers,
        data: { type: 'buy', date: '2026-11-16', cash_rule: 'auto_deposit', ...data },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/portfolio');
    const offers = page.getByTestId('split-offer');
    await expect(offers).toHaveCount(2);
    const split = offers.filter({ hasText: 'THYAO' });
    await expect(split).toContainText('2:1 oranında bölündü');
    await expect(split).toContainText('O gün 100 hisseniz vardı: deftere 100 ek hisse eklenir');
    const reverse = offers.filter({ hasText: 'GARAN' });
    await expect(reverse).toContainText('birleşme (ters bölünme) yaptı: her 10 hisse 1 hisse oldu');
    await expect(reverse).toContainText(
      'O gün 1.255 hisseniz vardı: 125 hisse kalır, defterden 1.130 hisse düşülür',
    );
    await expect(reverse).toContainText('Tam hisseye denk gelmeyen 0,50 hisse deftere yazılmaz');

    await page.getByRole('button', { name: 'THYAO önerisini yoksay' }).click();
    await expect(offers).toHaveCount(1);
    await expect(split).toHaveCount(0);
    await expect(holding(page, 'THYAO').locator('[data-col="quantity"]')).toHaveText('100');

    await page.getByRole('button', { name: 'GARAN birleşmesini deftere ekle' }).click();
    await expect(offers).toHaveCount(0);
    // ⌊1 255 / 10⌋ = 125 shares keep the whole cost: 15 090 / 125 = 120,72 TRY a share.
    await expect(holding(page, 'GARAN').locator('[data-col="quantity"]')).toHaveText('125');
    await expect(holding(page, 'GARAN')).toContainText('120,72');

    // For good: after a reload neither offer is made again, and the ledger keeps what was recorded.
    await page.reload();
    await expect(holding(page, 'GARAN').locator('[data-col="quantity"]')).toHaveText('125');
    await expect(holding(page, 'THYAO').locator('[data-col="quantity"]')).toHaveText('100');
    await expect(page.getByTestId('split-offers')).toHaveCount(0);
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
  // Back to the default, under which the next test restarts the server.
  await setFeed('Automatic (real when reachable)');
  await page.reload();
  await expect(badge(page)).toHaveText('Gerçek veri · 15 dk gecikmeli');
  await staff.close();
});

// Last in the file: the server is restarted on its data folder with MARKET_FEED=auto and a provider that refuses
// every connection (nothing listens on port 9). /health answers as soon as the database is open — the probe never
// holds the start — and the investor's top bar says the prices are a simulation.
for (const tag of ['', ' @phone']) {
  test(`restarted with MARKET_FEED=auto and the provider unreachable, the server answers at once and the top bar says simulation${tag}`, async ({
    page,
  }, info) => {
    await stopServer();
    const started = Date.now();
    startServer({ MARKET_FEED: 'auto', MARKET_PROVIDER_URL: 'http://127.0.0.1:9' });
    await healthy(60_000);
    test
      .info()
      .annotations.push({ type: '/health after restart', description: `${String(Date.now() - started)} ms` });
    const source = (
      (await (await fetch(`${BASE}/api/market/source`)).json()) as {
        data: { feed: string; mode: string };
      }
    ).data;
    expect(source).toMatchObject({ feed: 'simulated', mode: 'auto' });

    await signInInvestor(page, `e2e.cevrimdisi.${info.project.name}.${Date.now()}@example.com`);
    await expect(badge(page)).toHaveText('Simülasyon · gerçek piyasa değil');
    await expect(page.getByText(/Gerçek veri/)).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`offline-badge-${info.project.name}.png`) });
  });
}
