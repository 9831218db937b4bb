import { expect, test } from '@playwright/test';

// Strings are loaded per language (lib/i18n): Turkish, the default, is bundled; English is fetched only when the
// investor chooses it, every page then shows it, and the choice survives a reload without a screen in keys.

test('English is downloaded only when chosen, then every page, a reload and <html lang> follow it', async ({
  page,
}) => {
  test.slow(); // the first sign-in on a fresh server can take a while on a busy machine
  const englishChunks: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/assets\/en-[\w-]+\.js$/.test(path)) englishChunks.push(path);
  });

  await page.goto('/login');
  await page.getByLabel('E-posta').fill('e2e.language@example.com');
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  const nav = page.getByRole('navigation', { name: 'Ana menü' });
  await expect(nav.getByRole('link', { name: /Hisse Senetleri/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(englishChunks).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');

  await page.getByRole('button', { name: 'Ayarlar' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Stocks/ }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(englishChunks.length).toBeGreaterThan(0);

  // A page whose strings were not loaded yet comes in English, never in keys.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: /^Portfolio/ })
    .click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitemradio', { name: 'Türkçe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portföy' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
});
