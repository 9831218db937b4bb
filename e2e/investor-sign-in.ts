import { expect, type Page } from '@playwright/test';

/** Signs an investor in through the sign-in page (demo mode: any e-mail, any password) and waits for the dashboard. */
export async function signInInvestor(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
