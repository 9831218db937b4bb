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
  await page.getByRole('link', { name: 'Kayıt Ol' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Kayıt Ol' })).toBeVisible();
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

// The dashboard is rendered by the server with its data (apps/web/src/app/server-pages.tsx): it paints with its
// figures before any JavaScript runs, and the app takes it over from the data sent with it.

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByLabel('Şifre', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the dashboard paints from the server with its figures, without JavaScript', async ({
  browser,
  page,
}) => {
  await signIn(page, 'e2e.ssr@example.com');
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/dashboard');
    await expect(bare).toHaveTitle('Özet · BIST AI');
    await expect(bare.getByRole('heading', { level: 1, name: 'Özet' })).toBeVisible();
    await expect(bare.getByTestId('card-total-stocks')).toContainText('596');
    await expect(bare.getByTestId('card-bist100')).toContainText(/\d{1,2}\.\d{3},\d{2}/);
    await expect(bare.getByTestId('last-update')).toContainText('Son güncelleme:');
  } finally {
    await noScript.close();
  }
});

test('the app takes the server-rendered dashboard over without asking for its data again, and without errors', async ({
  page,
}) => {
  await signIn(page, 'e2e.ssr2@example.com');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/market/summary' || pathname === '/api/predictions/daily-summary')
      asked.push(pathname);
  });
  await page.goto('/dashboard');
  // The app's own page: the markup the server sent is replaced (its marker and data block gone), the session's name
  // shown, the movers rendered below the cards.
  await expect(page.locator('#root[data-server-rendered]')).toHaveCount(0);
  await expect(page.locator('[data-server-page]')).toHaveCount(0);
  await expect(page.locator('#server-data')).toHaveCount(0);
  await expect(page.getByTestId('topbar-user')).not.toContainText('Kullanıcı');
  await expect(page.getByTestId('top-gainers')).toBeVisible();
  await expect(page.getByTestId('card-total-stocks')).toContainText('596');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('a visitor without a session opening /dashboard goes to the sign-in page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeVisible();
});

test('an investor who chose English gets the English dashboard from the app', async ({ page }) => {
  await signIn(page, 'e2e.ssr3@example.com');
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('card-total-stocks')).toContainText('Total stocks');
  await expect(page.getByTestId('last-update')).toContainText('Last update:');
});
