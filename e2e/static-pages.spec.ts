import { expect, test, type Page } from '@playwright/test';

// The landing and sign-in pages are prerendered HTML (apps/web/build/prerender-pages.ts): they paint without the
// app's bundle and a small script each does the rest (the landing's figures; the sign-in with its errors), then the
// app takes over. Signed-in visitors still go to the dashboard, and an investor who chose English still gets the
// English pages from the app.

/** The paths of the scripts the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Only the theme script and the page's own module graph: no app entry, no React chunk. */
function expectStatic(scripts: string[], pageScript: RegExp): void {
  expect(
    scripts.some((s) => /\/assets\/(index|react)-/.test(s)),
    scripts.join(', '),
  ).toBe(false);
  expect(scripts.some((s) => pageScript.test(s))).toBe(true);
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the landing page paints from HTML, loads no React, fills its figures and toggles the theme', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    "Borsa İstanbul'u yapay zekâ ile analiz edin",
  );
  await expect(page).toHaveTitle('Borsa İstanbul için yapay zekâ destekli analiz · BIST AI');
  await expect(page.getByTestId('stat-stocks').locator('dd')).toHaveText('596');
  // Counted live: '---' until a model is in service (a fresh server has none).
  await expect(page.getByTestId('stat-algorithms').locator('dd')).toHaveText(/^(\d+|---)$/);
  await page.waitForLoadState('networkidle');
  expectStatic(scripts, /\/assets\/landing-static-/);

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

test('a direct visit to /login gets the static page: no React, errors under the form, then the dashboard', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await expect(page).toHaveTitle('Giriş Yap · BIST AI');
  await expect(page.getByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeVisible();
  // /health says demo mode: the note the page was built with, hidden, is shown.
  await expect(page.getByTestId('demo-note')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectStatic(scripts, /\/assets\/login-static-/);

  const password = page.getByLabel('Şifre', { exact: true });
  await page.getByLabel('E-posta').fill('e2e.statik@example.com');
  await password.fill('kisa');
  await page.getByRole('button', { name: 'Göster' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Gizle' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  // Too short for the demo sign-in: the server refuses it and the page says so, keeping what was typed.
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('E-posta')).toHaveValue('e2e.statik@example.com');

  await password.fill('herhangi-bir-sifre');
  await password.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeVisible();
  // Signed in: the sign-in page sends them back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an investor who chose English gets the English sign-in page from the app', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByLabel('E-mail')).toBeVisible();
});
