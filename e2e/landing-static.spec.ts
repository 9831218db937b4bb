import { expect, test, type Page } from '@playwright/test';

// The landing page is prerendered HTML (apps/web/build/prerender-landing.ts): it paints without the app's bundle,
// fills its figures with a small script, and hands over to the app on /login. Signed-in visitors still go to the
// dashboard, and an investor who chose English still gets the English landing.

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the landing page paints from HTML, loads no React, fills its figures and toggles the theme', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    "Borsa İstanbul'u yapay zekâ ile analiz edin",
  );
  await expect(page).toHaveTitle('Borsa İstanbul için yapay zekâ destekli analiz · BIST AI');
  await expect(page.getByTestId('stat-stocks').locator('dd')).toHaveText('596');
  // Counted live: '---' until a model is in service (a fresh server has none).
  await expect(page.getByTestId('stat-algorithms').locator('dd')).toHaveText(/^(\d+|---)$/);
  await page.waitForLoadState('networkidle');
  // Only the theme script and the landing's own module graph: no app entry, no React chunk.
  expect(
    scripts.some((s) => /\/assets\/(index|react)-/.test(s)),
    scripts.join(', '),
  ).toBe(false);
  expect(scripts.some((s) => /\/assets\/landing-static-/.test(s))).toBe(true);

  const before = await isDark(page);
  const toggle = page.getByRole('button', { name: before ? 'Aydınlık Mod' : 'Karanlık Mod' });
  await toggle.click();
  expect(await isDark(page)).toBe(!before);
  await expect(page.getByRole('button', { name: before ? 'Karanlık Mod' : 'Aydınlık Mod' })).toBeVisible();
  await page.reload();
  expect(await isDark(page)).toBe(!before);

  // The app takes over from a plain link.
  await page.getByRole('link', { name: 'Hemen Başla' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-posta')).toBeVisible();
  expect(await isDark(page)).toBe(!before);
});

test('a signed-in investor opening / goes to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill('e2e.landing@example.com');
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an investor who chose English gets the English landing from the app', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Analyse Borsa Istanbul');
  await expect(page.getByTestId('stat-stocks').locator('dd')).toHaveText('596');
});
