import { expect, test, type Page } from '@playwright/test';

// The admin platform end to end: demo sign-in as super_admin; create a data_analyst; sign in as that analyst in a second
// browser context and meet 'Access Denied' on user management; the audit log shows both sign-ins and the creation.

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('admin: super_admin creates a data_analyst, who is denied user management; the audit log shows it all', async ({
  page,
  browser,
}) => {
  const analystEmail = `e2e.analyst.${Date.now()}@example.com`;
  const analystPassword = 'analyst-e2e-2026';

  // A guarded admin page without a session goes to /admin/login and comes back after sign-in.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole('button', { name: 'Use Demo Credentials' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('superadmin@bistai.demo');
  await expect(page.getByText('Data Analyst: analytics data and read-only reports')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByTestId('role-badge').first()).toHaveText('Super Admin');

  // Create the analyst: the role defaults to data_analyst (spec §5).
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(
    dialog.getByText('At least 10 characters, with at least one letter and one digit.'),
  ).toBeVisible();
  await dialog.getByLabel('Name').fill('E2E Analyst');
  await dialog.getByLabel('Email').fill(analystEmail);
  await dialog.getByLabel('Password', { exact: true }).fill(analystPassword);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Data Analyst');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('user-row').filter({ hasText: analystEmail });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Data Analyst');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // The analyst signs in in a second browser context (own storage, own session).
  const analystContext = await browser.newContext();
  try {
    const analyst = await analystContext.newPage();
    await signIn(analyst, analystEmail, analystPassword);
    await expect(analyst.getByTestId('role-badge').first()).toHaveText('Data Analyst');
    const menu = analyst.getByRole('navigation', { name: 'Admin menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await analyst.goto('/admin/users');
    await expect(analyst.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(analyst.getByText("You don't have permission to manage users.")).toBeVisible();
  } finally {
    await analystContext.close();
  }

  // The audit log shows both sign-ins and the creation.
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const entries = page.getByTestId('audit-entry');
  await expect(
    entries.filter({ hasText: 'Signed in' }).filter({ hasText: 'superadmin@bistai.demo' }).first(),
  ).toBeVisible();
  await expect(entries.filter({ hasText: 'Signed in' }).filter({ hasText: analystEmail })).toHaveCount(1);
  const created = entries.filter({ hasText: 'User created' }).filter({ hasText: 'superadmin@bistai.demo' });
  await expect(created).toHaveCount(1);
  await created.getByText('Before / after').click();
  await expect(created.getByText(analystEmail)).toBeVisible();

  // Filtering by the analyst's e-mail leaves only their own sign-in.
  await page.getByLabel('User', { exact: true }).fill(analystEmail);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Signed in');
});

test('admin dashboard: the reference series say where they come from and how fresh they are', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Use Demo Credentials' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const card = page.getByTestId('reference-series-card');
  const row = (code: string) => card.locator(`[data-series="${code}"]`);
  // The shipped TÜİK history on a fresh install; USD/TRY from the (fake) provider the e2e server is pointed at.
  await expect(row('TUFE')).toContainText('shipped TÜİK history');
  await expect(row('TUFE')).toContainText(/\d{4}-\d{2}: [\d,]+\.\d{4}/);
  await expect(async () => {
    await page.reload();
    await expect(row('USDTRY')).toContainText('market provider', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row('DEPOSIT_RATE')).toContainText('Empty');
});
