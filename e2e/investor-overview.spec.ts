import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInInvestor } from './investor-sign-in.ts';

/** Screenshots to look at (light and dark, both sizes) when SCREENSHOTS_DIR is set. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const project = test.info().project.name;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    await page.screenshot({ path: path.join(dir, `${name}-${theme}-${project}.png`), fullPage: true });
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
  });
}

/** On a phone nothing scrolls sideways: the page is no wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  if (!test.info().project.name.includes('phone')) return;
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** '₺1.234,56' / '-%2,35' → 1234.56 / -2.35 (tr-TR). */
function trNumber(text: string): number {
  return Number.parseFloat(
    text
      .replace(/[^\d,.-]/g, '')
      .replace(/\./g, '')
      .replace(',', '.'),
  );
}

async function tokenOf(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email, password: 'herhangi-bir-sifre' } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function dashboardLeadsWithPortfolio(page: Page, request: APIRequestContext) {
  test.setTimeout(120_000);
  const email = `e2e.ozet.${Date.now()}@example.com`;
  await signInInvestor(page, email);
  const headers = await tokenOf(request, email);
  expect((await request.post('/api/portfolio/demo', { headers })).status()).toBe(201);
  expect((await request.post('/api/watchlist', { headers, data: { symbol: 'THYAO' } })).ok()).toBe(true);
  const alert = await request.post('/api/alerts', {
    headers,
    data: { symbol: 'THYAO', direction: 'above', threshold_price: 9999 },
  });
  expect(alert.status()).toBe(201);
  const overview = (
    (await (await request.get('/api/portfolio/overview?range=1A', { headers })).json()) as {
      data: { overview: { net_worth: number } };
    }
  ).data.overview;

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Özet', level: 1 })).toBeVisible();
  const snapshot = page.getByTestId('portfolio-snapshot');
  await expect(snapshot).toContainText('Portföyüm');
  // The investor's own figures come before the market's cards (both drawn first: a box is read without waiting).
  await expect(page.getByTestId('dashboard-personal')).toBeVisible();
  await expect(page.getByTestId('card-total-stocks')).toBeVisible();
  // Polled: a section drawn again between the two reads has no box for a moment.
  await expect
    .poll(async () => {
      const personal = await page.getByTestId('dashboard-personal').boundingBox();
      const market = await page.getByTestId('card-total-stocks').boundingBox();
      return personal && market ? personal.y < market.y : null;
    })
    .toBe(true);
  // Value: the portfolio overview's own net worth (holdings + cash), to the kuruş (prices may tick in between).
  await expect(snapshot.getByTestId('snapshot-value')).toHaveText(/^₺[\d.]+,\d{2}$/);
  const shown = trNumber(await snapshot.getByTestId('snapshot-value').innerText());
  expect(Math.abs(shown - overview.net_worth) / overview.net_worth).toBeLessThan(0.05);
  await expect(snapshot.getByTestId('snapshot-today')).toHaveText(/^[+-]?₺[\d.]+,\d{2}$/);
  // Return vs XU100 over the stated period.
  await expect(snapshot).toContainText('Getiri (TWR) · son 1 ay');
  await expect(snapshot.getByTestId('snapshot-twr')).toHaveText(/^[+-]?%\d+,\d{2}$/);
  await expect(snapshot.getByTestId('snapshot-benchmark')).toContainText(
    /XU100 aynı dönemde [+-]?%\d+,\d{2}/,
  );
  await expect(snapshot.getByTestId('snapshot-benchmark')).toContainText(
    /XU100'ün [\d.,]+ puan (önünde|gerisinde)/,
  );
  // The watched stock with its alert.
  const movers = page.getByTestId('watchlist-movers');
  await expect(movers).toContainText('THYAO');
  await expect(movers.getByTestId('symbol-alerts')).toContainText('₺9.999,00 üstü');
  // The market charts answer something: XU100 through the day, the sectors' moves.
  await expect(page.getByTestId('xu100-chart').locator('[data-chart-line]')).toHaveCount(1);
  await expect(page.getByTestId('sector-move')).toHaveCount(10);
  await expect(page.getByTestId('sector-move').first()).toContainText(/[+-]?%\d+,\d{2}$/);
  await expect(page.getByTestId('price-chart')).toHaveCount(0);
  await expect(page.getByTestId('volume-chart')).toHaveCount(0);
  await fitsTheScreen(page);
  await shoot(page, 'dashboard');
}

test("dashboard: the investor's portfolio value and return vs XU100 first, then the market", async ({
  page,
  request,
}) => dashboardLeadsWithPortfolio(page, request));

test("phone: the dashboard leads with the investor's portfolio @phone", async ({ page, request }) =>
  dashboardLeadsWithPortfolio(page, request));

async function indexPage(page: Page) {
  test.setTimeout(90_000);
  await signInInvestor(page, `e2e.endeks.${Date.now()}@example.com`);
  await page.goto('/indices/XU030');
  await expect(page.getByTestId('selected-index')).toContainText('XU030');
  const members = page.getByTestId('index-members');
  await expect(members.getByTestId('index-member')).toHaveCount(30);
  const first = members.getByTestId('index-member').first();
  await expect(first.locator('td').nth(1)).toHaveText(/^₺[\d.]+,\d{2}$/);
  await expect(first.locator('td').nth(2)).toHaveText(/^[+-]?%\d+,\d{2}$/);
  await expect(first.getByTestId('member-weight')).toHaveText(/^%\d+,\d{2}$/);
  await expect(page.getByTestId('index-weights-note')).toContainText('piyasa değerinin');
  // Heaviest first.
  const weights = (await members.getByTestId('member-weight').allInnerTexts()).map(trNumber);
  expect(weights.every((w, i) => i === 0 || weights[i - 1]! >= w)).toBe(true);

  // A year of daily closes, with its return against XU100's over the same days.
  const history = page.getByTestId('index-history');
  await expect(history).toHaveAttribute('data-range', '1Y');
  await expect(history.getByRole('button', { name: '1Y', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(async () => Number(await page.getByTestId('index-history-chart').getAttribute('data-points')))
    .toBeGreaterThan(200);
  await expect(history.getByTestId('index-return')).toHaveText(/^[+-]?%\d+,\d{2}$/);
  await expect(history.getByTestId('xu100-return')).toHaveText(/^[+-]?%\d+,\d{2}$/);
  await expect(history.getByTestId('index-gap')).toHaveText(/^[+-]?[\d.]+,\d{2} puan$/);
  await expect(history).toContainText(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4} arası günlük kapanışlar/);
  await history.getByRole('button', { name: '1A', exact: true }).click();
  await expect
    .poll(async () => Number(await page.getByTestId('index-history-chart').getAttribute('data-points')))
    .toBeLessThan(30);
  await history.getByRole('button', { name: '1Y', exact: true }).click();
  await expect
    .poll(async () => Number(await page.getByTestId('index-history-chart').getAttribute('data-points')))
    .toBeGreaterThan(200);
  // Choosing another index moves to its page.
  await page.locator('[data-testid="index-card"][data-code="XBANK"]').click();
  await expect(page).toHaveURL(/\/indices\/XBANK$/);
  await expect(page.getByTestId('index-members')).toHaveAttribute('data-code', 'XBANK');
  await page.locator('[data-testid="index-card"][data-code="XU030"]').click();
  await expect(page.getByTestId('index-members').getByTestId('index-member')).toHaveCount(30);
  await expect
    .poll(async () => Number(await page.getByTestId('index-history-chart').getAttribute('data-points')))
    .toBeGreaterThan(200);
  await fitsTheScreen(page);
  await shoot(page, 'index-xu030');
}

test('index page: members with moves and weights, a 1-year history and its return vs XU100', async ({
  page,
}) => indexPage(page));

test('phone: an index page shows members and a 1-year history @phone', async ({ page }) => indexPage(page));

async function chartChoices(page: Page) {
  test.setTimeout(90_000);
  const email = `e2e.grafik.${Date.now()}@example.com`;
  await signInInvestor(page, email);
  await page.goto('/stocks/THYAO');
  const chart = page.getByTestId('candle-chart');
  await expect(chart).toHaveAttribute('data-indicators', 'sma20 sma50 volume rsi');
  // SMA 50 on a 3-month window: computed over the stored days before it, it has a value at the first candle.
  await expect(chart).toHaveAttribute('data-first-values', 'sma20:y sma50:y');

  await page.getByTestId('chart-settings-toggle').click();
  await page.getByTestId('chart-sma20').click();
  await page.getByTestId('chart-ema200').click();
  await page.getByTestId('chart-bollinger').click();
  await page.getByTestId('chart-macd').click();
  await page.getByTestId('chart-type-line').click();
  await expect(chart).toHaveAttribute(
    'data-indicators',
    'sma50 ema200 bb-upper bb-middle bb-lower volume rsi macd',
  );
  await expect(chart).toHaveAttribute('data-type', 'line');
  await expect(chart.locator('[data-chart-line="close"]')).toHaveAttribute('d', /^M/);
  await expect(chart.locator('[data-chart-line="macd"]')).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L/);
  await expect(chart.locator('[data-chart-line="ema200"]')).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L/);
  await expect(page.getByTestId('chart-legend')).toContainText('ÜHO 200');
  await expect(page.getByTestId('macd-value')).toHaveText(/^-?\d+,\d{2} \/ -?\d+,\d{2}$/);
  await fitsTheScreen(page);
  await shoot(page, 'stock-chart-indicators');

  await page.reload();
  await expect(chart).toHaveAttribute(
    'data-indicators',
    'sma50 ema200 bb-upper bb-middle bb-lower volume rsi macd',
  );
  await expect(chart).toHaveAttribute('data-type', 'line');

  // Another investor on the same browser has their own (the default) choices.
  await page.evaluate(() => {
    localStorage.removeItem('auth_token');
    localStorage.removeItem('user_data');
  });
  await signInInvestor(page, `e2e.grafik.baska.${Date.now()}@example.com`);
  await page.goto('/stocks/THYAO');
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-indicators', 'sma20 sma50 volume rsi');
}

test('stock chart: the chosen indicators start at the first candle and are remembered after a reload', async ({
  page,
}) => chartChoices(page));

test('phone: chart indicators are chosen with 44 px toggles and remembered @phone', async ({ page }) => {
  await chartChoices(page);
  await page.getByTestId('chart-settings-toggle').click();
  for (const toggle of await page.getByTestId('chart-settings').getByRole('button').all()) {
    const box = (await toggle.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
});
