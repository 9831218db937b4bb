import { expect, test } from '@playwright/test';
import { signInInvestor } from './investor-sign-in.ts';

/**
 * What the plans sell, as a free investor meets it: the CSV export of the ledger is refused on Ücretsiz with the
 * plan that has it named and the way to the plans; the plan cards list what each plan gives; after the change to
 * Premium the same button downloads the file. At both sizes.
 */

for (const tag of ['', ' @phone']) {
  test(`a Premium feature refuses a free account, naming Premium, and works after the upgrade${tag}`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    await signInInvestor(page, `e2e.plan.${info.project.name}.${Date.now()}@example.com`);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const deposit = await request.post('/api/portfolio/transactions', {
      headers: { authorization: `Bearer ${token}` },
      data: { type: 'deposit', date: '2026-01-05', amount: 10_000 },
    });
    expect(deposit.status()).toBe(201);

    await page.goto('/portfolio');
    const section = page.getByTestId('transactions-section');
    await section.getByRole('button', { name: 'CSV İndir' }).click();
    const notice = section.getByTestId('plan-required');
    await expect(notice).toContainText(
      'CSV dışa aktarma Ücretsiz planında yok: Premium veya üstü bir plan gerekir.',
    );
    await notice.getByRole('link', { name: 'Planları gör' }).click();
    await expect(page).toHaveURL(/\/settings#abonelik$/);

    // The cards say what each plan gives (the table the server enforces).
    await expect(page.getByTestId('plan-free-features')).toContainText('3 etkin fiyat alarmı');
    await expect(page.getByTestId('plan-free-features')).toContainText('CSV dışa aktarma yok');
    await expect(page.getByTestId('plan-premium-features')).toContainText('20 etkin fiyat alarmı');
    await expect(page.getByTestId('plan-premium-features')).toContainText('İzleme listesinde 50 hisse');
    await expect(page.getByTestId('plan-premium-features')).toContainText(
      'Portföy işlemlerini CSV olarak dışa aktarma',
    );
    await expect(page.getByTestId('plan-pro-features')).toContainText('50 etkin fiyat alarmı');

    await page.getByTestId('plan-premium').getByRole('button', { name: 'Premium planına geç' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla ve öde' }).click();
    await expect(page.getByTestId('subscription-current')).toHaveText('Premium · Aylık');

    await page.goto('/portfolio');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('transactions-section').getByRole('button', { name: 'CSV İndir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^portfoy-islemleri-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByTestId('plan-required')).toHaveCount(0);
  });
}
