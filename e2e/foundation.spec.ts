import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('landing, demo sign-in, dashboard in the layout, theme kept after reload, logout, guard', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    "Borsa İstanbul'u yapay zekâ ile analiz edin",
  );
  // The landing figures are read from the running server: the real universe, never the spec's 507.
  await expect(page.getByText('596', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Giriş Yap' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      'Demo modu: herhangi bir e-posta ve en az 8 karakterlik bir şifre ile giriş yapabilirsiniz.',
    ),
  ).toBeVisible();

  await page.getByLabel('E-posta').fill('e2e.yatirimci@example.com');
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Ana menü' });
  await expect(nav.getByRole('link', { name: /Hisse Senetleri/ })).toBeVisible();
  await expect(page.getByText('Yatırımcı').first()).toBeVisible();

  const before = await isDark(page);
  await page.getByRole('button', { name: before ? 'Aydınlık Mod' : 'Karanlık Mod' }).click();
  expect(await isDark(page)).toBe(!before);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await isDark(page)).toBe(!before);

  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/portfolio');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/bilinmeyen-sayfa');
  await expect(page).toHaveURL(/\/$/);
});

test('phone: the menu is a drawer with an overlay and a close button @phone', async ({ page }) => {
  await signIn(page, 'e2e.telefon@example.com');
  const menuButton = page.getByRole('button', { name: 'Menüyü aç' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  const drawer = page.getByTestId('drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: /Hisse Senetleri/ }).click();
  await expect(page).toHaveURL(/\/stocks/);
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Kapat' }).click();
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await drawer.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
