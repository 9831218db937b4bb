import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/**
 * Business Intelligence (/admin/analytics): the ceo signs in, reaches it from the dashboard's Quick Action, sees the
 * seeded demo history in non-empty charts on a fresh demo server, changes the period, and exports a CSV whose header
 * is the expected one; a data_analyst (no business_metrics) gets Access Denied.
 */

async function signInAs(page: Page, role: 'ceo' | 'data_analyst') {
  const accounts = (await (await page.request.get('/admin/api/auth/demo-accounts')).json()) as {
    accounts: { role: string; email: string; password: string }[];
  };
  const account = accounts.accounts.find((a) => a.role === role)!;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('BI: ceo sees the charts, changes the period and exports CSV', async ({ page }) => {
  await signInAs(page, 'ceo');
  const overview = page.waitForResponse((r) => r.url().includes('/admin/api/bi/metrics/overview?period=30'));
  await page.getByRole('link', { name: 'Business Intelligence' }).first().click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Business Intelligence', level: 1 })).toBeVisible();
  expect((await overview).ok()).toBe(true);

  // The seeded demo history: both charts have bars (not 'No data available'), labelled as demo data.
  await expect(page.getByTestId('bi-revenue-chart')).toHaveAttribute('data-points', '30');
  await expect(page.getByTestId('bi-users-chart')).toHaveAttribute('data-points', '30');
  await expect(page.getByTestId('bi-revenue-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('bi-source')).toContainText('demo');
  await expect(page.getByTestId('bi-key-metrics')).toContainText('MRR');
  await expect(page.getByTestId('bi-top-events').getByRole('row')).toHaveCount(6);
  await expect(page.getByTestId('bi-realtime')).toContainText('API Calls / min');
  await page.screenshot({ path: test.info().outputPath('bi-light.png'), fullPage: true });

  // Period: 7 days.
  const week = page.waitForResponse((r) => r.url().includes('/admin/api/bi/metrics/overview?period=7'));
  await page.getByTestId('bi-period').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  expect((await week).ok()).toBe(true);
  await expect(page.getByTestId('bi-revenue-chart')).toHaveAttribute('data-points', '7');

  // Export: the revenue CSV with BOM and the expected header, named by type and dates.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Revenue by day' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^revenue_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe('date,total_revenue_try');
  expect(lines.filter(Boolean)).toHaveLength(1 + 7);

  // Dark mode looks right too.
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.screenshot({ path: test.info().outputPath('bi-dark.png'), fullPage: true });
});

test('BI: drill-down from sign-ups and an MRR month to the rows behind them; the MRR waterfall', async ({
  page,
}) => {
  await signInAs(page, 'ceo');
  await page.goto('/admin/analytics');

  // The waterfall of the latest month: a described image with its seven steps.
  const waterfall = page.getByTestId('bi-mrr-waterfall');
  await expect(waterfall.getByRole('img')).toHaveAttribute(
    'aria-label',
    /^MRR waterfall for \d{4}-\d{2}: start ₺/,
  );
  await expect(waterfall.locator('rect[data-step]')).toHaveCount(7);
  await waterfall.scrollIntoViewIfNeeded();
  await waterfall.screenshot({ path: test.info().outputPath('bi-waterfall-light.png') });

  // 'New Sign-ups' → its rows: as many as the card says.
  const card = page.getByTestId('bi-card-signups');
  const figure = Number((await card.locator('[data-role="value"]').innerText()).replace(/\D/g, ''));
  expect(figure).toBeGreaterThan(0);
  await card.getByRole('button', { name: 'View sign-ups' }).click();
  const signups = page.getByTestId('bi-signups-drilldown');
  await expect(signups.getByTestId('bi-drilldown-total')).toContainText(`${figure} sign-ups`);
  await expect(signups.getByTestId('bi-drilldown-rows').getByRole('row')).toHaveCount(figure + 1);
  await page.keyboard.press('Escape');

  // A month of MRR movements → the investors behind it, exported as CSV.
  const month = page
    .getByTestId('bi-mrr-movements')
    .getByRole('button', { name: /Investors behind the MRR/ })
    .last();
  await month.click();
  const mrr = page.getByTestId('bi-mrr-drilldown');
  await expect(mrr.getByTestId('bi-drilldown-rows').getByRole('row').nth(1)).toBeVisible();
  await expect(mrr.getByTestId('bi-drilldown-total')).toContainText('investors · start ₺');
  const download = page.waitForEvent('download');
  await mrr.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mrr_movements_\d{4}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.slice(1).split('\r\n')[0]).toBe('user_id,start_mrr_try,end_mrr_try,change_try,movement');
  await page.screenshot({ path: test.info().outputPath('bi-mrr-drilldown.png') });
  await page.keyboard.press('Escape');

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await waterfall.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await waterfall.screenshot({ path: test.info().outputPath('bi-waterfall-dark.png') });
});

test('BI: a data_analyst gets Access Denied', async ({ page }) => {
  await signInAs(page, 'data_analyst');
  await page.goto('/admin/analytics');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to view business intelligence.")).toBeVisible();
  await expect(page.getByTestId('bi-key-metrics')).toHaveCount(0);
});
