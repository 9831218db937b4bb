import { expect, test, type Page } from '@playwright/test';

/**
 * 'Abonelik' on Hesap Ayarları: a new investor opens it from the top bar's settings menu, sees the plans with
 * prices VAT excluded and the demo provider's label, switches to Premium after a dialog stating the amount charged,
 * and sees the new plan, its renewal date and the payment in the history; then cancels back to Ücretsiz.
 */

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const tag of ['', ' @phone']) {
  test(`investor changes to Premium and sees the plan and a payment row${tag}`, async ({ page }, info) => {
    await signIn(page, `e2e.abonelik.${info.project.name}.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Ayarlar' }).click();
    await page.getByRole('menuitem', { name: 'Hesap Ayarları' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const section = page.getByTestId('subscription');
    await expect(section.getByRole('heading', { name: 'Abonelik', level: 2 })).toBeVisible();
    await expect(page.getByTestId('subscription-current')).toHaveText('Ücretsiz');
    await expect(page.getByTestId('subscription-demo')).toHaveText('Demo ödeme — gerçek ödeme alınmaz');
    await expect(page.getByTestId('plan-premium')).toContainText('₺149,00');
    await expect(page.getByTestId('plan-premium')).toContainText('KDV hariç');
    await expect(page.getByText('Henüz ödeme yok')).toBeVisible();

    // Yearly prices with the saving.
    await section.getByRole('button', { name: 'Yıllık' }).click();
    await expect(page.getByTestId('plan-premium')).toContainText('₺1.490,00');
    await expect(page.getByTestId('plan-premium')).toContainText('₺298,00 tasarruf');
    await section.getByRole('button', { name: 'Aylık' }).click();

    await page.getByTestId('plan-premium').getByRole('button', { name: 'Premium planına geç' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('subscription-charge')).toHaveText(
      'Şimdi tahsil edilecek tutar: ₺149,00 + KDV ₺29,80 = ₺178,80.',
    );
    await expect(dialog).toContainText('Demo ödeme — gerçek ödeme alınmaz');
    await page.screenshot({ path: test.info().outputPath('subscription-confirm.png') });
    await dialog.getByRole('button', { name: 'Onayla ve öde' }).click();

    await expect(page.getByText('Planınız Premium olarak güncellendi')).toBeVisible();
    await expect(page.getByTestId('subscription-current')).toHaveText('Premium · Aylık');
    await expect(page.getByTestId('subscription-renews')).toContainText('Dönem sonu (yenileme):');
    const payments = page.getByTestId('subscription-payments');
    await expect(payments.getByRole('row')).toHaveCount(2);
    await expect(payments.getByRole('row').nth(1)).toContainText('Premium');
    await expect(payments.getByRole('row').nth(1)).toContainText('₺178,80');
    await expect(
      page.getByTestId('plan-premium').getByRole('button', { name: 'Mevcut planınız' }),
    ).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('subscription-light.png'), fullPage: true });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: test.info().outputPath('subscription-dark.png'), fullPage: true });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // Cancel: back to Ücretsiz at once (the server cancels immediately); the payment stays in the history.
    await page.getByRole('button', { name: 'Ücretsiz plana dön' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Ödenmiş tutarlar iade edilmez');
    await page.getByRole('button', { name: 'Aboneliği iptal et' }).click();
    await expect(page.getByText('Aboneliğiniz iptal edildi; Ücretsiz plandasınız')).toBeVisible();
    await expect(page.getByTestId('subscription-current')).toHaveText('Ücretsiz');
    await expect(payments.getByRole('row')).toHaveCount(2);
    // Nothing scrolls sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
    );
    expect(overflow).toBe(false);
  });
}
