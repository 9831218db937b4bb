import { expect, test, type Page } from '@playwright/test';
import { signInInvestor } from './investor-sign-in.ts';

// Where every price comes from (issue #31): with the simulator (the e2e server runs MARKET_FEED=simulated) every
// investor page that shows a price carries the simulation badge in its top bar, whose explanation opens on a tap;
// the stock and index pages name their source; the landing page claims nothing real-time. Reads
// GET /api/market/source.

/** The top bar's badge on this screen size (the bar renders its status items once for wide screens, once for narrow). */
const badge = (page: Page) => page.getByTestId('market-source-badge').filter({ visible: true });

/** The investor pages that show a price. */
const PRICE_PAGES = [
  '/dashboard',
  '/stocks',
  '/stocks/THYAO',
  '/indices',
  '/watchlist',
  '/portfolio',
  '/predictions',
];

for (const tag of ['', ' @phone']) {
  test(`every investor page with a price says the prices are a simulation${tag}`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await signInInvestor(page, `e2e.kaynak.${info.project.name}.${Date.now()}@example.com`);
    for (const path of PRICE_PAGES) {
      await page.goto(path);
      await expect(badge(page), path).toHaveText('Simülasyon · gerçek piyasa değil');
      await expect(page.getByText('Çevrimiçi', { exact: true })).toHaveCount(0);
      await expect(page.getByText(/Gerçek veri|gerçek BIST geçmişi/)).toHaveCount(0);
    }
  });

  test(`the badge's explanation opens on a tap (or click) and says what the simulation is${tag}`, async ({
    page,
  }, info) => {
    await signInInvestor(page, `e2e.kaynak.tap.${info.project.name}.${Date.now()}@example.com`);
    const tip = page.getByTestId('market-source-explanation');
    await expect(tip).toHaveCount(0);
    if (info.project.name === 'phone') await badge(page).tap();
    else await badge(page).click();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText('Simülasyon verisi');
    await expect(tip).toContainText("Borsa İstanbul'un gerçek fiyatları değildir");
    await expect(tip).toContainText('Geçmiş fiyatlar: simülasyon verisi');
    // Inside the screen on a phone as on a laptop.
    const box = await tip.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await page.keyboard.press('Escape');
    await expect(tip).toHaveCount(0);
  });
}

test('the stock and index pages name their source and time; indices the simulator computes say so', async ({
  page,
}) => {
  await signInInvestor(page, `e2e.kaynak.sayfa.${Date.now()}@example.com`);
  await page.goto('/stocks/THYAO');
  await expect(page.getByTestId('source-line')).toHaveText(
    /^Kaynak: simülasyon, gerçek piyasa değil · \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/,
  );
  await page.goto('/indices');
  await expect(page.getByTestId('source-line')).toContainText('simülasyon, gerçek piyasa değil');
  await expect(page.getByTestId('index-chart-card').getByTestId('computed-index')).toHaveText(
    'BIST AI hesaplaması (üyelerden)',
  );
});

/** The first training phase takes about a minute on 2 cores (e2e/predictions.spec.ts); allow for a busy machine. */
const FIRST_TRAINING_TIMEOUT_MS = 25 * 60_000;

test('AI Tahminler says the models learned from simulated data, never real BIST history', async ({
  page,
  request,
}) => {
  test.setTimeout(FIRST_TRAINING_TIMEOUT_MS + 120_000);
  // Nothing is claimed before the first training; once it has run, the served models' data source is known.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/market/source');
        return res.ok() ? ((await res.json()) as { data: { models: unknown } }).data.models !== null : false;
      },
      { timeout: FIRST_TRAINING_TIMEOUT_MS, intervals: [10_000] },
    )
    .toBe(true);
  await signInInvestor(page, `e2e.kaynak.ai.${Date.now()}@example.com`);
  await page.goto('/predictions');
  await expect(page.getByTestId('models-source')).toHaveText(
    'Modellerin öğrendiği veri: simülasyon verisi (gerçek piyasa değil)',
  );
  await expect(page.getByText('gerçek BIST geçmişi')).toHaveCount(0);
});

for (const tag of ['', ' @phone']) {
  test(`the landing page claims nothing real-time${tag}`, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const text = (await page.locator('body').innerText()).toLocaleLowerCase('tr');
    expect(text).not.toMatch(/gerçek zaman|anlık fiyat|canlı fiyat/);
  });

  test(`the landing page says its prices are a simulation${tag}`, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-source')).toHaveText(
      'Bu sunucu şu anda simülasyon verisi gösteriyor: fiyatlar gerçek piyasa değildir.',
    );
    await expect(page.getByText(/gecikmeli|Yahoo/)).toHaveCount(0);
  });
}
