import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';

/**
 * KVKK as an investor uses it and the compliance desk sees it: an investor with a recorded trade downloads their data
 * (the file holds the trade), deletes their account (password and the typed word 'SİL'), lands signed out on a
 * confirmation with the request's reference and what the law keeps and why, cannot use the old session; a risk
 * manager finds the erasure request on the compliance page's KVKK tab, the subject shown only by its reference. A fresh account of its own: no other spec relies on it.
 */

const PASSWORD = 'herhangi-bir-sifre';

test('an investor downloads their data and deletes their account; a risk manager sees the erasure request', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `e2e.kvkk.${Date.now()}@example.com`;

  // Sign in (demo mode creates the account) and record a trade through the API.
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  // The first sign-in after the server starts can wait for its first-start work on a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  for (const data of [
    { type: 'deposit', date: '2026-01-05', amount: 50_000 },
    { type: 'buy', date: '2026-01-06', symbol: 'THYAO', quantity: 17, price: 250 },
  ])
    expect((await request.post('/api/portfolio/transactions', { headers, data })).status()).toBe(201);

  await page.goto('/settings');
  const section = page.getByTestId('privacy-section');
  await expect(section.getByText('Kişisel Verilerim (KVKK)')).toBeVisible();
  await expect(section).toContainText('30 gün');

  // 'Verilerimi indir': a dated JSON file with the trade.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Verilerimi indir' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bist-ai-verilerim-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    profile: { email: string };
    portfolio: { transactions: { type: string; symbol: string | null; quantity: number | null }[] };
  };
  expect(file.profile.email).toBe(email);
  expect(file.portfolio.transactions).toContainEqual(
    expect.objectContaining({ type: 'buy', symbol: 'THYAO', quantity: 17 }),
  );
  await expect(page.getByText(/Verileriniz indirildi/)).toBeVisible();

  // 'Hesabımı sil': the word and the password are both required; a wrong password is named under its field.
  await section.getByRole('button', { name: 'Hesabımı sil' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Hesabınız kalıcı olarak silinsin mi?')).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Hesabımı kalıcı olarak sil' });
  await dialog.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
  await submit.click();
  await expect(dialog.getByText('Onaylamak için SİL yazın')).toBeVisible();
  await dialog.getByLabel('Onay: SİL yazın').fill('sil');
  await submit.click();
  await expect(dialog.getByText('Şifre hatalı')).toBeVisible();
  await dialog.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
  await submit.click();

  // Signed out on the erasure's confirmation: the request's reference, what was deleted, and what the law keeps
  // (the deposit and the buy, unlinked) and why.
  await expect(page).toHaveURL(/\/hesap-silindi$/);
  const done = page.getByTestId('erasure-done');
  await expect(done.getByRole('heading', { name: 'Hesabınız silindi' })).toBeVisible();
  const referenceText = done.getByTestId('erasure-reference');
  await expect(referenceText).toHaveText(/^KVKK-[0-9A-F]{10}$/);
  const reference = (await referenceText.textContent())!;
  const kept = done.getByTestId('erasure-kept');
  await expect(kept).toContainText('Kanun gereği saklananlar');
  await expect(kept).toContainText('2 alım-satım ve nakit hareketi');
  await expect(kept).toContainText('işlem kayıtlarının saklanmasını ister');
  await expect(kept).toContainText('eşleşmesi hiçbir yerde tutulmuyor');
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect((await request.get('/api/auth/me', { headers })).status()).toBe(401);
  // A reload keeps the confirmation (this tab remembers it; there is no account left to ask).
  await page.reload();
  await expect(page.getByTestId('erasure-reference')).toHaveText(reference);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login/);

  // The risk manager's KVKK tab: the erasure, completed, the subject by reference only.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('risk@bistai.demo');
  await page.getByLabel('Password', { exact: true }).fill('risk-demo-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/compliance');
  await page.getByRole('tab', { name: 'KVKK requests' }).click();
  const row = page.getByTestId('kvkk-erasure').filter({ hasText: reference });
  await expect(row).toContainText('Erasure');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Erased (reference only)');
  await expect(row).toContainText('Within deadline');
  await expect(page.getByTestId('kvkk-requests')).not.toContainText(email);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the KVKK section, its erase dialog and the KVKK tab pass axe (${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    const email = `e2e.kvkk.axe.${theme}.${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    // A request of this account, so the KVKK tab has a row to check.
    const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const investorToken = ((await login.json()) as { token: string }).token;
    const exported = await request.post('/api/privacy/export', {
      headers: { authorization: `Bearer ${investorToken}` },
    });
    expect(exported.status()).toBe(200);
    await page.goto('/settings');
    await expect(page.getByTestId('privacy-section')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hesabımı sil' }).click();
    await page.getByRole('button', { name: 'Hesabımı kalıcı olarak sil' }).click();
    await expect(page.getByText('Onaylamak için SİL yazın')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const staff = await request.post('/admin/api/auth/login', {
      data: { email: 'risk@bistai.demo', password: 'risk-demo-2026' },
    });
    const { token, user } = (await staff.json()) as { token: string; user: unknown };
    await page.evaluate(
      ([t, u]) => {
        window.localStorage.setItem('admin_token', t!);
        window.localStorage.setItem('admin_user', u!);
      },
      [token, JSON.stringify(user)],
    );
    await page.goto('/admin/compliance');
    await page.getByRole('tab', { name: 'KVKK requests' }).click();
    await expect(page.getByTestId('kvkk-requests')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
