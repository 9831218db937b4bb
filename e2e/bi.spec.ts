import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/**
 * Business Intelligence (/admin/analytics): the ceo signs in, reaches it from the dashboard's Quick Action, sees the
 * seeded demo history in non-empty charts on a fresh demo server, changes the period, and exports a CSV whose header
 * is the expected one. Each role reaches the parts its permissions name (decision 0058): the cfo revenue and not
 * users, marketing acquisition and cohorts without exporting personal rows, the data analyst everything read-only;
 * a risk manager (no BI part) gets Access Denied.
 */

type Role = 'ceo' | 'cfo' | 'marketing_manager' | 'data_analyst' | 'risk_manager';

async function signInAs(page: Page, role: Role) {
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
  await expect(page.getByTestId('bi-revenue-chart').locator('[data-chart-bar]').first()).toBeVisible();
  await expect(page.getByTestId('bi-source')).toContainText('demo');
  await expect(page.getByTestId('bi-key-metrics')).toContainText('MRR');
  await expect(page.getByTestId('bi-realtime')).toContainText('API Calls / min');
  // Full access: every part has its tab.
  for (const tab of ['Overview', 'Revenue', 'Users & acquisition', 'Performance'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByRole('tab', { name: 'Users & acquisition' }).click();
  await expect(page.getByTestId('bi-top-events').getByRole('row')).toHaveCount(6);
  await page.getByRole('tab', { name: 'Overview' }).click();
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
  await page.getByRole('tab', { name: 'Revenue' }).click();

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
  await page.getByRole('tab', { name: 'Overview' }).click();
  const card = page.getByTestId('bi-card-signups');
  const figure = Number((await card.locator('[data-role="value"]').innerText()).replace(/\D/g, ''));
  expect(figure).toBeGreaterThan(0);
  await card.getByRole('button', { name: 'View sign-ups' }).click();
  const signups = page.getByTestId('bi-signups-drilldown');
  await expect(signups.getByTestId('bi-drilldown-total')).toContainText(`${figure} sign-ups`);
  await expect(signups.getByTestId('bi-drilldown-rows').getByRole('row')).toHaveCount(figure + 1);
  await page.keyboard.press('Escape');

  // A month of MRR movements → the investors behind it, exported as CSV.
  await page.getByRole('tab', { name: 'Revenue' }).click();
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

/** A BI API call with the signed-in staff member's own token (what the page would send). */
async function apiStatus(page: Page, url: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const res = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  return res.status();
}

test('BI: the cfo opens revenue and cannot open users', async ({ page }) => {
  await signInAs(page, 'cfo');
  await page.getByRole('link', { name: 'Business Intelligence' }).first().click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('tab', { name: 'Revenue' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users & acquisition' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Performance' })).toHaveCount(0);
  // The overview holds revenue figures only.
  await expect(page.getByTestId('bi-key-metrics')).toContainText('MRR');
  await expect(page.getByTestId('bi-key-metrics')).not.toContainText('New Sign-ups');
  await expect(page.getByTestId('bi-users-chart')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Revenue' }).click();
  await expect(page.getByTestId('bi-mrr-movements').getByRole('row').nth(1)).toBeVisible();
  // The financial roles take the MRR rows away; users stay closed on the server too.
  expect(await apiStatus(page, '/admin/api/bi/revenue/dashboard?period=30')).toBe(200);
  expect(await apiStatus(page, '/admin/api/bi/users/analytics?period=30')).toBe(403);
  expect(await apiStatus(page, '/admin/api/bi/drilldown/signups?period=30')).toBe(403);
});

test('BI: marketing opens acquisition and cohorts and cannot export personal rows', async ({ page }) => {
  await signInAs(page, 'marketing_manager');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('tab', { name: 'Revenue' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Users & acquisition' }).click();
  await expect(page.getByTestId('bi-cohorts')).toBeVisible();
  await expect(page.getByTestId('bi-activation')).toContainText('%');
  // The sign-ups behind the figure can be read, not exported.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByTestId('bi-card-signups').getByRole('button', { name: 'View sign-ups' }).click();
  const signups = page.getByTestId('bi-signups-drilldown');
  await expect(signups.getByTestId('bi-drilldown-rows').getByRole('row').nth(1)).toBeVisible();
  await expect(signups.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await apiStatus(page, '/admin/api/bi/drilldown/signups/export?period=30')).toBe(403);
  // The aggregate export offers its own families only.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('menuitem')).toHaveCount(3);
  await expect(page.getByRole('menuitem', { name: 'Revenue by day' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await apiStatus(page, '/admin/api/bi/revenue/dashboard?period=30')).toBe(403);
});

test('BI: the data analyst reads every part and cannot export personal rows', async ({ page }) => {
  await signInAs(page, 'data_analyst');
  await page.getByRole('link', { name: 'Business Intelligence' }).first().click();
  for (const tab of ['Revenue', 'Users & acquisition', 'Performance'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByRole('tab', { name: 'Revenue' }).click();
  await page
    .getByTestId('bi-mrr-movements')
    .getByRole('button', { name: /Investors behind the MRR/ })
    .last()
    .click();
  const mrr = page.getByTestId('bi-mrr-drilldown');
  await expect(mrr.getByTestId('bi-drilldown-rows').getByRole('row').nth(1)).toBeVisible();
  await expect(mrr.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await apiStatus(page, '/admin/api/bi/drilldown/signups/export?period=30')).toBe(403);
  expect(await apiStatus(page, '/admin/api/bi/drilldown/mrr/export?month=2026-01')).toBe(403);
});

test('BI: a risk manager (no BI part) gets Access Denied', async ({ page }) => {
  await signInAs(page, 'risk_manager');
  await page.goto('/admin/analytics');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to view business intelligence.")).toBeVisible();
  await expect(page.getByTestId('bi-key-metrics')).toHaveCount(0);
});
