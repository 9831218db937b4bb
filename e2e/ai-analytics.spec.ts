import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

/**
 * AI-Powered Analytics (/admin/ai) as staff use it: a super_admin generates predictions from the production model,
 * runs a sector analysis and a portfolio optimisation and sees each listed; a data_analyst is refused. A fresh server
 * has no production model until the first phase of its first training ends, so the test waits for it first.
 */

/** The first training phase takes about a minute on 2 cores; allow for a busy machine. */
const FIRST_MODEL_TIMEOUT_MS = 25 * 60_000;

interface SummaryBody {
  data: { production_models: { horizon_days: number }[] };
}

/** With SCREENSHOTS set, saves the page to docs/screenshots/ (light, then dark). */
async function screenshots(page: Page, info: TestInfo, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const dir = path.join(import.meta.dirname, '../docs/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${info.project.name}.png`), fullPage: true });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.screenshot({ path: path.join(dir, `${name}-dark-${info.project.name}.png`), fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

async function signIn(page: Page, email?: string, password?: string) {
  await page.goto('/admin/login');
  if (email && password) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
  } else {
    await page.getByRole('button', { name: 'Use Demo Credentials' }).click();
  }
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('super_admin generates predictions, runs a sector analysis and an optimisation, and sees them listed', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(FIRST_MODEL_TIMEOUT_MS + 180_000);
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/predictions/daily-summary');
        if (!res.ok()) return false;
        return ((await res.json()) as SummaryBody).data.production_models.some((m) => m.horizon_days === 1);
      },
      { timeout: FIRST_MODEL_TIMEOUT_MS, intervals: [10_000] },
    )
    .toBe(true);

  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'AI-Powered Analytics' })
    .click();
  await expect(page).toHaveURL(/\/admin\/ai$/);
  await expect(page.getByRole('heading', { name: 'AI-Powered Analytics' })).toBeVisible();
  await expect(page.getByText('Advanced machine learning tools and predictive analytics')).toBeVisible();
  await expect(page.getByText('AI System Overview')).toBeVisible();
  await expect(page.getByTestId('card-stocks')).toContainText('Tracked Stocks');
  // A first visit: nothing generated here yet, but the production model's batch exists and is what the card counts.
  await expect(page.getByTestId('card-predictions')).toContainText(/from the production model's batch/);
  await expect(page.getByTestId('card-predictions')).not.toContainText(/^Total Predictions0/);

  // Generate Predictions: disabled while it runs, then the spec's message and the rows in the overview.
  const generate = page.getByTestId('generate-predictions').first();
  await generate.click();
  await expect(page.getByText(/^Generated \d+ new predictions$/)).toBeVisible();
  await expect(generate).toBeEnabled();
  const latest = page.getByTestId('ai-latest-predictions');
  await expect(latest.locator('tbody tr').first()).toBeVisible();
  // The call as investors see it: relative to the day's cross-section (vs XU100) unless absolute; the same for the
  // same stock on the investor's stock card.
  await expect(latest).toContainText(/Above market|Below market|At the median|Up|Down/);
  const firstRow = latest.getByTestId('ai-prediction-row').first();
  const symbol = await firstRow.getAttribute('data-symbol');
  const adminCall = await firstRow.locator('[data-call]').first().getAttribute('data-call');
  const investor = (await (await request.get(`/api/predictions/stocks/${symbol}`)).json()) as {
    data: {
      predictions: {
        prediction: {
          call: string;
          horizon_days: number;
          confidence: number | null;
          relative_return: number | null;
          target_price: number | null;
        };
      }[];
    };
  };
  const seen = investor.data.predictions.find((x) => x.prediction.horizon_days === 1)?.prediction;
  expect(seen?.call).toBe(adminCall);
  // Its confidence too: a dash where the investor's call has none (never a placeholder 50 %), else the same percent.
  const adminConfidence = await firstRow.locator('[data-role="confidence"]').innerText();
  if (seen?.confidence === null || seen?.confidence === undefined) expect(adminConfidence).toBe('—');
  else
    expect(Math.abs(Number(adminConfidence.replace('%', '')) - seen.confidence)).toBeLessThanOrEqual(0.051);
  // A relative call has no prediction value on either page.
  if (adminCall !== 'up' && adminCall !== 'down') {
    expect(seen?.target_price).toBeNull();
    await expect(firstRow.locator('[data-role="prediction-value"]')).toHaveText('—');
  }
  await expect(page.getByTestId('card-predictions')).not.toContainText(/^Total Predictions0/);

  await page.getByRole('tab', { name: 'AI Predictions' }).click();
  const detailed = page.getByTestId('ai-predictions-table');
  await expect(detailed.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/the production model as stored by the latest predict run/)).toBeVisible();

  // Sector analysis from the quick actions: listed on the Market Analysis tab with figures in its sentences.
  await page.getByRole('button', { name: 'Sector Analysis' }).click();
  await expect(page.getByText('Generated sector analysis')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Market Analysis' })).toHaveAttribute('data-state', 'active');
  const analysis = page.getByTestId('analysis-card').first();
  await expect(analysis).toContainText('Sector analysis');
  await expect(analysis).toContainText(/\d+ advancers vs \d+ decliners/);
  await expect(analysis.getByTestId('sector-table').locator('tbody tr').first()).toBeVisible();

  // Portfolio optimisation through its form: a basket, an objective and a cap; the answer follows those inputs.
  await page.getByRole('button', { name: 'Portfolio Optimization' }).click();
  await expect(page.getByRole('tab', { name: 'Portfolio Optimization' })).toHaveAttribute(
    'data-state',
    'active',
  );
  const form = page.getByTestId('optimization-form');
  await form.getByLabel('An index as the basket').check();
  await form.getByLabel('Basket', { exact: true }).selectOption('XU030');
  await form.getByLabel('Objective').selectOption('min_volatility');
  await form.getByLabel('Risk tolerance').selectOption('high');
  await form.getByLabel('Per-stock cap (%)').fill('10');
  await form.getByRole('button', { name: 'Optimize' }).click();
  await expect(page.getByText('Portfolio optimization completed')).toBeVisible();
  const cards = page.getByTestId('optimization-card');
  await expect(cards).toHaveCount(1);
  const optimisation = cards.first();
  await expect(optimisation).toContainText('AI Optimized Portfolio');
  await expect(optimisation).toContainText('min_volatility');
  await expect(optimisation.getByTestId('optimization-inputs')).toHaveText('XU030 · cap 10%');
  const top = optimisation.getByTestId('top-allocations').locator('li');
  await expect(top).toHaveCount(3);
  // No stock above the 10 % cap.
  for (const text of await top.allInnerTexts()) {
    const weight = Number(/([\d.]+)%/.exec(text)?.[1]);
    expect(weight, text).toBeLessThanOrEqual(10.05);
  }
  await expect(optimisation.getByTestId('frontier-chart').locator('svg').first()).toBeVisible();
  await expect(optimisation.getByTestId('allocation-pie').locator('svg').first()).toBeVisible();
  // The frontier's axis ticks read differently from one another.
  const ticks = await optimisation
    .getByTestId('frontier-chart')
    .locator('[data-chart-xtick]')
    // The ticks are SVG text, which has no innerText: their text content is what is drawn.
    .allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  expect(new Set(ticks).size).toBe(ticks.length);
  await screenshots(page, testInfo, 'admin-ai-portfolio');

  // A double click on other inputs (a 12 % cap) stores one run, not two.
  await form.getByLabel('Per-stock cap (%)').fill('12');
  await form.getByRole('button', { name: 'Optimize' }).dblclick();
  await expect(cards.first().getByTestId('optimization-inputs')).toHaveText('XU030 · cap 12%');
  await expect(cards).toHaveCount(2);
  // The same inputs again moments later: the stored run, no third.
  await form.getByRole('button', { name: 'Optimize' }).click();
  await expect(page.getByText('Same inputs moments ago: the stored run is shown')).toBeVisible();
  await expect(cards).toHaveCount(2);

  // Stock data: the engine's quotes with market cap in millions.
  await page.getByRole('tab', { name: 'Stock Data' }).click();
  await expect(page.getByTestId('ai-stocks-table').locator('tbody tr')).toHaveCount(20);
  await page.getByRole('button', { name: 'Update from API' }).click();
  await expect(page.getByText('Stock data updated from API')).toBeVisible();

  // The overview lists what was made.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('card-analyses')).toContainText('1 recent');
  await expect(page.getByTestId('card-optimizations')).toContainText('2');
  await screenshots(page, testInfo, 'admin-ai-overview');
});

test('a data_analyst sees Access Denied on /admin/ai', async ({ page }) => {
  // The demo data_analyst (demo mode's public credentials).
  await signIn(page, 'analyst@bistai.demo', 'analyst-demo-2026');
  await page.goto('/admin/ai');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to view AI dashboard.")).toBeVisible();
});
