import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

// What an investor sees across the product: the empty portfolio and its labelled demo, Turkish number formats on
// every page, phone layouts without sideways scrolling, truthful refresh feedback. With SCREENSHOTS=1 the main
// screens are saved to docs/screenshots/ (scripts/screenshots.mjs).

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function screenshot(page: Page, info: TestInfo, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const dir = path.join(import.meta.dirname, '../docs/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${info.project.name}.png`) });
}

/** Containers that would scroll sideways: the page itself and every table container. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>(
      '[data-slot="table-container"], .overflow-x-auto',
    )) {
      if (el.offsetParent === null) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(
          `${el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName} ${el.scrollWidth} > ${el.clientWidth}`,
        );
    }
    return found;
  });
}

/** Text like '51,7%' or '-0,51%': a percent sign after a number, which Turkish writes before it. */
async function percentAfterNumber(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...text.matchAll(/\S*\d%\S*/g)].map((m) => m[0]);
}

for (const tag of ['', ' @phone']) {
  test(`a new investor: empty portfolio, the labelled demo, and removing it in one step${tag}`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await signIn(page, `e2e.yeni.${info.project.name}.${Date.now()}@example.com`);
    await page.goto('/portfolio');
    const empty = page.getByTestId('portfolio-empty');
    await expect(empty).toContainText('Portföyünüz boş');
    await expect(page.getByTestId('holding-row')).toHaveCount(0);
    await screenshot(page, info, 'portfolio-empty');

    await empty.getByRole('button', { name: 'Demo portföy yükle' }).click();
    await expect(page.getByTestId('demo-banner')).toContainText('Demo');
    await expect(page.getByTestId('holding-row')).toHaveCount(5);
    await expect(page.getByTestId('demo-row').first()).toBeVisible();
    await expect(page.getByTestId('card-cash').locator('[data-role="value"]')).toHaveText(/^₺[\d.]+,\d{2}$/);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, info, 'portfolio');

    await page.getByTestId('demo-banner').getByRole('button', { name: 'Demo verisini kaldır' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Demo verisini kaldır' }).click();
    await expect(empty).toBeVisible();
    await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  });
}

test('phone: portfolio, stocks and predictions fit the screen without sideways scrolling @phone', async ({
  page,
}, info) => {
  await signIn(page, `e2e.telefon.${Date.now()}@example.com`);
  await page.goto('/stocks');
  await expect(page.getByTestId('stock-row')).toHaveCount(20);
  expect(await overflowing(page)).toEqual([]);
  await screenshot(page, info, 'stocks');
  // A row opens its stock.
  await page.getByTestId('stock-row').first().locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/stocks\/[A-Z0-9]+$/);
  await page.goto('/predictions');
  await expect(page.getByTestId('prediction-row').first()).toBeVisible();
  expect(await overflowing(page), '/predictions').toEqual([]);

  // The other main screens, for the screenshots.
  if (!process.env.SCREENSHOTS) return;
  const screens: [string, string, (p: Page) => Promise<void>][] = [
    ['/dashboard', 'dashboard', (p) => expect(p.getByTestId('top-gainers')).toBeVisible()],
    [
      '/stocks/THYAO',
      'stock',
      (p) => expect(p.getByTestId('candle-chart').locator('[data-chart-candles]').first()).toBeAttached(),
    ],
    ['/indices', 'indices', (p) => expect(p.getByTestId('card-index-count')).toBeVisible()],
    [
      '/watchlist',
      'watchlist',
      (p) => expect(p.getByRole('heading', { name: 'İzleme Listesi' })).toBeVisible(),
    ],
  ];
  for (const [url, name, ready] of screens) {
    await page.goto(url);
    await ready(page);
    await screenshot(page, info, name);
  }
});

test('no percent sign after a number on any investor page', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signIn(page, `e2e.yuzde.${Date.now()}@example.com`);
  await page.goto('/portfolio');
  await page.getByTestId('portfolio-empty').getByRole('button', { name: 'Demo portföy yükle' }).click();
  await expect(page.getByTestId('holding-row').first()).toBeVisible();

  const pages: [string, string, (p: Page) => Promise<void>][] = [
    ['/dashboard', 'dashboard', (p) => expect(p.getByTestId('top-gainers')).toContainText('%')],
    ['/stocks', 'stocks-list', (p) => expect(p.getByTestId('stock-row').first()).toBeVisible()],
    [
      '/stocks/THYAO',
      'stock',
      (p) => expect(p.getByTestId('candle-chart').locator('[data-chart-candles]').first()).toBeAttached(),
    ],
    ['/indices', 'indices', (p) => expect(p.getByTestId('card-index-count')).toBeVisible()],
    ['/portfolio', 'portfolio', (p) => expect(p.getByTestId('holding-row').first()).toBeVisible()],
    [
      '/watchlist',
      'watchlist',
      (p) => expect(p.getByRole('heading', { name: 'İzleme Listesi' })).toBeVisible(),
    ],
    ['/predictions', 'predictions', (p) => expect(p.getByTestId('card-average-accuracy')).toContainText('%')],
  ];
  for (const [url, name, ready] of pages) {
    await page.goto(url);
    await ready(page);
    expect(await percentAfterNumber(page), url).toEqual([]);
    await screenshot(page, info, name);
  }
});

test('the refresh button says nothing was refreshed when the API is unreachable', async ({
  page,
  context,
}) => {
  await signIn(page, `e2e.yenile.${Date.now()}@example.com`);
  await expect(page.getByTestId('top-gainers')).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Verileri yenile' });

  await context.setOffline(true);
  await refresh.click();
  await expect(page.getByText('Bağlantı hatası. İnternet bağlantınızı kontrol edin.').first()).toBeVisible();
  await expect(page.getByText('Veriler yenilendi')).toHaveCount(0);
  await context.setOffline(false);

  // Online but the API fails: still no success toast.
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, body: '{"success":false,"error":"down"}' }),
  );
  await refresh.click();
  await expect(
    page.getByText('Servis şu anda kullanılamıyor. Lütfen daha sonra tekrar deneyin.').first(),
  ).toBeVisible();
  await expect(page.getByText('Veriler yenilendi')).toHaveCount(0);
  await page.unroute('**/api/**');

  await refresh.click();
  await expect(page.getByText('Veriler yenilendi')).toBeVisible();
});

test('the watchlist page adds and removes, and its stars match the stocks list', async ({ page }) => {
  await signIn(page, `e2e.izleme.${Date.now()}@example.com`);
  await page
    .getByRole('navigation', { name: 'Ana menü' })
    .getByRole('link', { name: /İzleme Listesi/ })
    .click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByTestId('watchlist-empty')).toContainText('İzleme listeniz boş');

  // Star GARAN on the stocks list: the star fills, the page lists it.
  await page.goto('/stocks?search=GARAN');
  const star = page.locator('[data-testid="watchlist-star"][data-symbol="GARAN"]');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/watchlist');
  const row = page.locator('[data-testid="watchlist-row"][data-symbol="GARAN"]');
  await expect(row).toContainText(/₺[\d.]+,\d{2}/);
  await expect(row.getByTestId('watchlist-star')).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByTestId('price-alert-button')).toBeVisible();

  // Add another through 'İzlemeye Ekle', sort by symbol, then remove GARAN with its star.
  await page.getByRole('button', { name: 'İzlemeye Ekle' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill('ASELS');
  await dialog.getByRole('option', { name: /^ASELS / }).click();
  await dialog.getByRole('button', { name: 'Ekle', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('watchlist-row')).toHaveCount(2);
  await expect(page.getByTestId('watchlist-row').first()).toHaveAttribute('data-symbol', 'ASELS');
  await page.getByRole('button', { name: 'Hisse' }).click();
  await expect(page.getByTestId('watchlist-row').first()).toHaveAttribute('data-symbol', 'GARAN');
  await row.getByTestId('watchlist-star').click();
  await expect(row).toHaveCount(0);

  await page.goto('/stocks?search=GARAN');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
});

test('stocks list: page size, Back after paging, a row opens its stock', async ({ page }) => {
  await signIn(page, `e2e.liste.${Date.now()}@example.com`);
  await page.goto('/stocks');
  await expect(page.getByTestId('stock-row')).toHaveCount(20);
  await page.getByLabel('Sayfa başına').selectOption('50');
  await expect(page.getByTestId('stock-row')).toHaveCount(50);
  await expect(page).toHaveURL(/limit=50/);
  await page.getByRole('button', { name: 'Sonraki' }).click();
  await expect(page.getByTestId('page-indicator')).toContainText('Sayfa 2 /');
  await page.goBack();
  await expect(page.getByTestId('page-indicator')).toContainText('Sayfa 1 /');
  await expect(page.getByTestId('stock-row')).toHaveCount(50);

  const first = page.getByTestId('stock-row').first();
  const symbol = await first.getAttribute('data-symbol');
  await first.locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}$`));
  await page.goBack();
  await expect(page.getByTestId('stock-row')).toHaveCount(50);
});
