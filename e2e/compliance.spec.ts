import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Compliance & risk as a risk manager works it: a platform settings change, caught by the surveillance rules, shows
 * up as a violation with its evidence and an alert; the risk manager investigates it, resolves it with a note and
 * acknowledges the alert. The rules run through the job queue (asked for by the super admin, as staff do on demand).
 */

interface Violation {
  id: string;
  rule_code: string;
  status: string;
}

async function staffToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/admin/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('a risk manager investigates and resolves a violation with a note and acknowledges its alert', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await staffToken(request, 'superadmin@bistai.demo', 'superadmin-demo-2026');
  const headers = { authorization: `Bearer ${admin}` };
  // Something for the platform rules to find: a settings change (audited), then an on-demand run.
  const saved = await request.put('/admin/api/settings', { headers, data: { ml_auto_retrain: false } });
  expect(saved.status()).toBe(200);
  const run = await request.post('/admin/api/compliance/rules/run', { headers });
  expect([200, 202]).toContain(run.status());
  await expect
    .poll(
      async () => {
        const res = await request.get('/admin/api/compliance/violations?days=7', { headers });
        const body = (await res.json()) as { data: Violation[] };
        return body.data.filter((v) => v.rule_code === 'PLT_SETTINGS_CHANGE' && v.status === 'open').length;
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeGreaterThan(0);

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('risk@bistai.demo');
  await page.getByLabel('Password', { exact: true }).fill('risk-demo-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Compliance & Risk' })
    .click();
  await expect(page).toHaveURL(/\/admin\/compliance$/);
  await expect(page.getByRole('heading', { name: 'Compliance & Risk Management' })).toBeVisible();
  for (const tab of ['Overview', 'Violations', 'Risk Assessment', 'Alerts', 'Audit Trail'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByTestId('card-rules')).toContainText('15');

  await page.getByRole('tab', { name: 'Violations' }).click();
  const violation = page
    .getByTestId('violation')
    .filter({ hasText: 'Platform settings change' })
    .filter({ has: page.getByTestId('violation-status').getByText('Open', { exact: true }) })
    .first();
  await expect(violation).toContainText('changed platform settings: ml_auto_retrain');
  await violation.getByTestId('evidence-toggle').click();
  await expect(violation.getByTestId('violation-evidence')).toContainText('changed keys');
  await expect(violation.getByTestId('violation-evidence')).toContainText('settings_updated');

  await violation.getByRole('button', { name: 'Investigate' }).click();
  // A note is required: Save stays disabled until one is written.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('dialog').getByLabel('Notes').fill('Checking who changed the settings');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Violation status updated successfully').first()).toBeVisible();

  // Now under Investigating: resolve it with a note.
  await page.getByRole('button', { name: 'Investigating', exact: true }).click();
  const investigating = page.getByTestId('violation').filter({ hasText: 'Platform settings change' }).first();
  await expect(investigating.getByTestId('violation-status')).toHaveText('Investigating');
  await expect(investigating).toContainText('Assigned to risk@bistai.demo');
  const violationId = await investigating.getAttribute('data-violation-id');
  expect(violationId).toBeTruthy();
  await investigating.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Notes').fill('Scheduled change approved by the CTO');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Let the Investigating list settle (the resolved violation leaves it) before the filter is clicked: a click landing
  // while the list re-rendered once reached a row's Resolve button instead.
  await expect(page.locator(`[data-violation-id="${violationId}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Resolved', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Resolved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog).toBeHidden();
  const resolved = page.locator(`[data-violation-id="${violationId}"]`);
  await expect(resolved).toContainText('Scheduled change approved by the CTO');
  await expect(resolved.getByTestId('violation-status')).toHaveText('Resolved');
  await expect(resolved.getByRole('button', { name: 'Resolve' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Risk Assessment' }).click();
  const risksPanel = page.getByRole('tabpanel', { name: 'Risk Assessment' });
  await expect(risksPanel.getByTestId('risk-heat-map')).toBeVisible();
  // The seeded demo risk 'Predictions read as investment advice' sits at residual 3 × 4.
  await expect(risksPanel.getByTestId('heat-3-4')).not.toHaveText('');
  await expect(risksPanel.getByTestId('risk-register')).toContainText('Demo');

  await page.getByRole('tab', { name: 'Alerts' }).click();
  const alert = page.getByTestId('alert').filter({ hasText: 'Platform settings change' }).first();
  await alert.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(alert.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(alert).toContainText('Acknowledged');
  await expect(alert).toContainText('risk@bistai.demo');

  await page.getByRole('tab', { name: 'Audit Trail' }).click();
  await expect(page.getByTestId('compliance-audit')).toContainText('violation_updated');
  await page.screenshot({ path: '../.tmp/e2e-results/compliance-audit.png', fullPage: true });
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The first sign-in may meet the server busy with its start (history, first training): wait longer for it.
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 90_000 });
  await page.goto('/admin/compliance');
  await expect(page.getByRole('heading', { name: 'Compliance & Risk Management' })).toBeVisible();
}

test('an admin edits a rule threshold: a bad value is refused on its field, the saved one shows the new version', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'superadmin@bistai.demo', 'superadmin-demo-2026');
  await page.getByRole('tab', { name: 'Rules' }).click();
  const rule = page.getByTestId('rule').and(page.locator('[data-code="PLT_BRUTE_FORCE"]'));
  await expect(rule).toContainText('Brute-force sign-in attempts');
  const version = Number((await rule.getByTestId('rule-version').innerText()).replace('v', ''));
  await expect(rule.locator('[data-param="minFailures"]')).toContainText('10');
  await expect(rule.getByRole('switch')).toBeEnabled();
  await expect(rule.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  await rule.getByRole('button', { name: 'Edit Brute-force sign-in attempts' }).click();
  const dialog = page.getByRole('dialog');
  const failures = dialog.getByLabel('Minimum failed sign-ins');
  await expect(failures).toHaveValue('10');
  await failures.fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('parameters.minFailures must be at least 1 and at most 1000')).toBeVisible();
  await expect(failures).toHaveAttribute('aria-invalid', 'true');

  await failures.fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Brute-force sign-in attempts saved (v${version + 1})`).first()).toBeVisible();
  await expect(rule.getByTestId('rule-version')).toHaveText(`v${version + 1}`);
  await expect(rule.locator('[data-param="minFailures"]')).toContainText('12');
  await expect(rule.getByTestId('rule-stats')).toContainText('Updated');
  await page.screenshot({ path: '../.tmp/e2e-results/compliance-rules.png', fullPage: true });
});

test('a risk manager adds a risk with the level shown live and finds it on the heat map; rules are read-only', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'risk@bistai.demo', 'risk-demo-2026');
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByTestId('rules-read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('switch').first()).toBeDisabled();

  await page.getByRole('tab', { name: 'Risk Assessment' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Risk Assessment' });
  await expect(panel.getByTestId('heat-2-5')).toHaveText('');
  await panel.getByRole('button', { name: 'New risk' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add risk' }).click();
  await expect(dialog.getByText('title is required')).toBeVisible();
  await expect(dialog.getByText('likelihood must be a number from 1 to 5', { exact: true })).toBeVisible();

  await dialog.getByLabel('Title').fill('Staff laptop theft');
  await dialog.getByLabel('Category').fill('Security');
  await dialog.getByLabel('Description').fill('A staff laptop with a session token is stolen.');
  const choose = async (id: string, value: string) => {
    await dialog.locator(`#${id}`).click();
    await page.getByRole('option', { name: value, exact: true }).click();
  };
  await choose('risk-likelihood', '5');
  await choose('risk-impact', '5');
  await expect(dialog.getByTestId('inherent-level')).toContainText('Score 25');
  await expect(dialog.getByTestId('inherent-level')).toContainText('Critical');
  await choose('risk-residual_likelihood', '2');
  await choose('risk-residual_impact', '5');
  await expect(dialog.getByTestId('residual-level')).toContainText('Score 10');
  await expect(dialog.getByTestId('residual-level')).toContainText('High');
  await dialog.getByLabel('Mitigation').fill('Disk encryption and 8-hour sessions.');
  await dialog.getByLabel('Owner').fill('CTO');
  await dialog.getByRole('button', { name: 'Add risk' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Risk added').first()).toBeVisible();

  const row = panel.getByTestId('risk-row').filter({ hasText: 'Staff laptop theft' });
  await expect(row).toContainText('5×5 = 25');
  await expect(row).toContainText('2×5 = 10');
  await expect(row).toContainText('High');
  await expect(panel.getByTestId('heat-2-5')).toHaveText('1');

  // Edit it: the residual impact drops to 4 and the risk moves cell on the heat map.
  await row.getByRole('button', { name: 'Edit Staff laptop theft' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Staff laptop theft');
  await choose('risk-residual_impact', '4');
  await expect(dialog.getByTestId('residual-level')).toContainText('Score 8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('heat-2-5')).toHaveText('');
  await expect(row).toContainText('2×4 = 8');
  await page.screenshot({ path: '../.tmp/e2e-results/compliance-risks.png', fullPage: true });
});
