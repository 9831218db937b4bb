import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';

// axe-core on every investor and admin page, in the light and the dark theme: no serious or critical violation
// (WCAG 2.x A/AA rules plus axe's best practices). A failure lists each rule, its impact and the offending nodes.

const INVESTOR_PAGES = ['/', '/login', '/dashboard', '/stocks', '/stocks/THYAO', '/indices', '/portfolio'];
const MORE_INVESTOR_PAGES = ['/watchlist', '/predictions', '/settings'];
const ADMIN_PAGES = [
  '/admin/login',
  '/admin/dashboard',
  '/admin/users',
  '/admin/audit',
  '/admin/settings',
  '/admin/ai-unified',
  '/admin/analytics',
  '/admin/compliance',
  '/admin/ai',
];

/**
 * Both themes on one visit: let the page settle (data loaded, skeletons gone), run axe, switch the theme with the
 * page's own theme button, run axe again. The next page opens in the theme this one ended in (the choice is stored),
 * so every page is checked in both, each loaded once. Reduced motion (the suite's setting) makes the colour transitions
 * instant.
 */
async function bothThemesViolations(page: Page): Promise<string[]> {
  // A page with live streams or polling is never network-idle, so what counts is that its data has arrived: no
  // skeleton left. (Skeletons, not `.animate-pulse`: the market-status dot pulses all through a trading day.)
  await expect(page.locator('[data-skeleton]')).toHaveCount(0, { timeout: 20_000 });
  const html = page.locator('html');
  const wasDark = ((await html.getAttribute('class')) ?? '').split(/\s+/).includes('dark');
  const found = (await seriousAxeViolations(page)).map((v) => `[${wasDark ? 'dark' : 'light'}] ${v}`);
  await page.locator('[data-theme-toggle]:visible').first().click();
  if (wasDark) await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  found.push(...(await seriousAxeViolations(page)).map((v) => `[${wasDark ? 'light' : 'dark'}] ${v}`));
  return found;
}

async function signInInvestor(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill('a11y.investor@example.com');
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signInAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Use Demo Credentials' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a11y: investor pages, light and dark theme, no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const url of INVESTOR_PAGES.slice(0, 2)) {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
    found.push(...(await bothThemesViolations(page)));
  }
  await signInInvestor(page);
  for (const url of [...INVESTOR_PAGES.slice(2), ...MORE_INVESTOR_PAGES]) {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
    found.push(...(await bothThemesViolations(page)));
  }
  expect(found, found.join('\n')).toEqual([]);
});

test('a11y: admin pages, light and dark theme, no serious or critical axe violation; the document is English', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.goto(ADMIN_PAGES[0]!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  found.push(...(await bothThemesViolations(page)));
  await signInAdmin(page);
  for (const url of ADMIN_PAGES.slice(1)) {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    found.push(...(await bothThemesViolations(page)));
  }
  expect(found, found.join('\n')).toEqual([]);
});
