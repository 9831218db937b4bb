import { expect, test, type Page } from '@playwright/test';

/**
 * The AI operations centre (/admin/ai-unified) as staff use it: every tab with the server's figures, an emergency
 * stop that asks for a reason and leaves the algorithm Inactive, and — once the first training has finished — a
 * Train that shows its progress to completion and a stop that takes an algorithm off the investor's AI Tahminler.
 */

/** The first training's first phase (the e2e server trains only that) takes a minute or two on a busy 2-core machine. */
const FIRST_TRAINING_TIMEOUT_MS = 25 * 60_000;

interface Overview {
  system_stats: {
    total_algorithms: number;
    active_algorithms: number;
    trained_models: number;
    performance_alerts: number;
  };
}

async function signInAsSuperAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Use Demo Credentials' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function openCentre(page: Page) {
  const overview = page.waitForResponse((r) => r.url().endsWith('/admin/api/ai/performance/overview'));
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Unified AI Management' })
    .click();
  await expect(page).toHaveURL(/\/admin\/ai-unified$/);
  await expect(page.getByRole('heading', { name: 'Unified AI Management Dashboard' })).toBeVisible();
  return (await (await overview).json()) as Overview;
}

/** The card of an algorithm on the Algorithms tab (loading the rest first when it is not among the first 12). */
async function cardOf(page: Page, id: string) {
  await page.getByRole('tab', { name: 'Algorithms' }).click();
  const card = page.getByTestId(`algorithm-card-${id}`);
  if ((await card.count()) === 0) await page.getByRole('button', { name: /Load More Algorithms/ }).click();
  await expect(card).toBeVisible();
  return card;
}

async function emergencyStop(page: Page, card: ReturnType<Page['getByTestId']>, reason: string) {
  await card.getByRole('button', { name: 'Details' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: 'Emergency Stop' }).click();
  const ask = page.getByRole('dialog', { name: /Emergency stop/ });
  await expect(ask.getByLabel('Reason')).toBeVisible();
  // No reason, no stop.
  await expect(ask.getByRole('button', { name: 'Emergency Stop' })).toBeDisabled();
  await ask.getByLabel('Reason').fill(reason);
  await ask.getByRole('button', { name: 'Emergency Stop' }).click();
  await expect(ask).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('algorithm-status')).toHaveText('Inactive');
  await expect(card.getByTestId('stopped-by')).toContainText(reason);
}

test('AI operations centre: every tab shows the server figures; an emergency stop needs a reason and leaves the algorithm Inactive', async ({
  page,
}) => {
  await signInAsSuperAdmin(page);
  const overview = await openCentre(page);
  const s = overview.system_stats;
  expect(s.total_algorithms).toBe(40);
  await expect(page.getByTestId('card-total')).toContainText(String(s.total_algorithms));
  await expect(page.getByTestId('card-active')).toContainText('Active Algorithms');
  await expect(page.getByTestId('card-trained')).toContainText('Trained Models');
  await expect(page.getByTestId('card-alerts')).toContainText('Performance Alerts');

  // Overview: the health counts add up to every algorithm.
  let counted = 0;
  for (const key of ['healthy', 'warning', 'critical', 'unrated']) {
    const text = await page.getByTestId(`health-count-${key}`).locator('p').nth(1).innerText();
    counted += Number(text);
  }
  expect(counted).toBe(40);

  // Algorithms: 12 cards, the rest behind 'Load More'.
  await page.getByRole('tab', { name: 'Algorithms' }).click();
  await expect(page.locator('[data-testid^="algorithm-card-"]')).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More Algorithms (28 remaining)' }).click();
  await expect(page.locator('[data-testid^="algorithm-card-"]')).toHaveCount(40);

  // Performance: ten rows with R² to 3 decimals or a dash before training.
  await page.getByRole('tab', { name: 'Performance' }).click();
  const rows = page.getByTestId('performance-table').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first().locator('td').nth(3)).toHaveText(/^(-?\d+\.\d{3}|—)$/);

  // Real-time: measured percentages and the running jobs.
  const realtime = page.waitForResponse((r) => r.url().endsWith('/admin/api/monitoring/real-time/dashboard'));
  await page.getByRole('tab', { name: 'Real-time' }).click();
  const rt = (await (await realtime).json()) as { active_processes: number };
  await expect(page.getByTestId('cpu-usage')).toContainText(/\d+(\.\d)?%/);
  await expect(page.getByTestId('memory-usage')).toContainText(/\d+(\.\d)?%/);
  await expect(page.getByTestId('active-processes')).toContainText(/Running jobs/);
  expect(rt.active_processes).toBeGreaterThanOrEqual(0);

  // Control: the bulk actions and the system controls.
  await page.getByRole('tab', { name: 'Control' }).click();
  for (const name of ['Train All', 'Predict All', 'Pause Low Performers', 'Emergency Stop All']) {
    await expect(page.getByRole('button', { name })).toBeEnabled();
  }
  await expect(page.getByTestId('auto-retrain')).toHaveText(/Enabled|Disabled/);

  // Emergency stop of one algorithm, then enabled again (the stop clears).
  const card = await cardOf(page, 'random-walk');
  await emergencyStop(page, card, 'e2e: checking the emergency stop');
  await card.getByRole('switch').click();
  await expect(card.getByTestId('algorithm-status')).toHaveText('Active');
  await expect(card.getByTestId('stopped-by')).toHaveCount(0);
});

test('after the first training: Train shows its progress to completion; a stopped algorithm leaves AI Tahminler', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(FIRST_TRAINING_TIMEOUT_MS + 5 * 60_000);
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/predictions/daily-summary');
        return res.ok()
          ? ((await res.json()) as { data: { status: string } }).data.status
          : `http ${res.status()}`;
      },
      { timeout: FIRST_TRAINING_TIMEOUT_MS, intervals: [10_000] },
    )
    .toBe('ok');

  await signInAsSuperAdmin(page);
  await openCentre(page);

  // Train one algorithm: the card follows the run to 'succeeded' at 100 %.
  const ridge = await cardOf(page, 'ridge');
  await ridge.getByRole('button', { name: 'Train' }).click();
  const progress = ridge.getByTestId('run-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 10 * 60_000 });
  await expect(progress).toContainText('100%');

  // An investor signs in on a second browser.
  const investor = await browser.newContext();
  try {
    const inv = await investor.newPage();
    await inv.goto('/login');
    await inv.getByLabel('E-posta').fill('e2e.ai.ops@example.com');
    await inv.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
    await inv.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect(inv).toHaveURL(/\/dashboard$/);
    // The algorithm of the investor's best prediction is the one we stop.
    const summaryOf = async () =>
      (
        (await (await request.get('/api/predictions/daily-summary')).json()) as {
          data: { top_predictions: { algorithm_id: string; algorithm: string }[] };
        }
      ).data.top_predictions;
    const top = (await summaryOf())[0]!;
    await inv.goto('/predictions');
    await expect(inv.getByTestId('prediction-row').first()).toContainText(top.algorithm);

    const card = await cardOf(page, top.algorithm_id);

    // One verdict: the production model's verdict on AI operations is what AI Tahminler says of it.
    const production = (
      (await (await request.get('/api/predictions/daily-summary')).json()) as {
        data: { production_models: { horizon_days: number; algorithm_id: string }[] };
      }
    ).data.production_models.find((m) => m.horizon_days === 1)!;
    const productionCard = await cardOf(page, production.algorithm_id);
    await productionCard.getByTestId('health-badge').hover();
    const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
    expect(['ahead', 'indistinguishable', 'behind']).toContain(verdict);
    await page.mouse.move(0, 0);
    await inv.getByRole('tab', { name: 'Algoritma Performansı' }).click();
    const item = inv.getByTestId('algorithm-item').filter({ has: inv.getByTestId('production-badge') });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('indistinguishable')).toHaveCount(verdict === 'indistinguishable' ? 1 : 0);
    await inv.getByRole('tab', { name: 'En İyi Tahminler' }).click();

    await emergencyStop(page, card, 'e2e: predictions under review');

    await inv.reload();
    await expect(inv.getByTestId('prediction-row').first()).toBeVisible();
    // The name exactly: 'Ridge Regresyonu' is also part of 'Bayesçi Ridge Regresyonu' and 'Çekirdek Ridge Regresyonu'.
    const named = inv.getByText(top.algorithm, { exact: true });
    await expect(inv.getByTestId('prediction-row').filter({ has: named })).toHaveCount(0);
    expect((await summaryOf()).some((p) => p.algorithm_id === top.algorithm_id)).toBe(false);
    await inv.getByRole('tab', { name: 'Algoritma Performansı' }).click();
    await expect(inv.getByTestId('algorithm-item').first()).toBeVisible();
    await expect(inv.getByTestId('algorithm-item').filter({ has: named })).toHaveCount(0);

    // Leave the algorithm serving again for the other suites.
    await card.getByRole('switch').click();
    await expect(card.getByTestId('algorithm-status')).toHaveText('Active');
  } finally {
    await investor.close();
  }
});
