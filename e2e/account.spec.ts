import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { resetLinkIn, SmtpCatcher } from './smtp-catcher.ts';

/**
 * Opening and recovering an account as an investor does it: 'Kayıt Ol' from the landing page with the aydınlatma
 * metni acknowledged (refused without it), sign in, 'Şifre değiştir' on Hesap Ayarları (a wrong current password
 * named), sign out, 'Şifremi unuttum', the reset link received by a local SMTP catcher this spec starts (the server
 * sends through its real SMTP client), a new password, and sign in with it. At both sizes.
 */

const catcher = new SmtpCatcher();
test.beforeAll(async () => catcher.start());
test.afterAll(async () => catcher.close());

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

async function signOut(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.getByTestId('drawer').getByRole('button', { name: 'Çıkış Yap' }).click();
  } else {
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

for (const tag of ['', ' @phone']) {
  test(`register with consent, sign in, change the password, sign out, reset it by the e-mailed link, sign in${tag}`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const phone = info.project.name === 'phone';
    const email = `e2e.hesap.${info.project.name}.${Date.now()}@example.com`;
    const first = 'ilk-sifre-2026';
    const second = 'ikinci-sifre-2026';
    const third = 'ucuncu-sifre-2026';

    // The landing page's sign-up button opens 'Kayıt Ol'.
    await page.goto('/');
    await page.getByRole('link', { name: 'Kayıt Ol' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Kayıt Ol' })).toBeVisible();
    await page.getByLabel('E-posta', { exact: true }).fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(first);
    // Without the aydınlatma metni acknowledged: refused, the checkbox named.
    await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
    await expect(page.getByText('Kayıt için aydınlatma metnini okuduğunuzu onaylayın')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aydınlatma Metni' })).toHaveAttribute(
      'href',
      '/aydinlatma-metni',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The notice itself, opened beside the form (nothing typed is lost).
    const notice = await page.context().newPage();
    await notice.goto('/aydinlatma-metni');
    await expect(
      notice.getByRole('heading', { name: 'Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni' }),
    ).toBeVisible();
    await expect(notice.getByTestId('privacy-notice')).toContainText('Haklarınız (KVKK m.11)');
    expect(await seriousAxeViolations(notice)).toEqual([]);
    await notice.close();
    await page.getByRole('checkbox', { name: /Aydınlatma Metni/ }).check();
    // The campaign e-mails' açık rıza is separate and optional: left unticked.
    await expect(page.getByRole('checkbox', { name: /Kampanya/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
    await expect(page.getByTestId('register-done')).toContainText('Kayıt isteğiniz alındı');
    await page.getByRole('link', { name: 'Giriş yapın' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();

    await signIn(page, email, first);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    // The account holds the acknowledged notice's version and no campaign consent (the KVKK export shows it).
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const exported = await request.post('/api/privacy/export', {
      headers: { authorization: `Bearer ${token}` },
    });
    const profile = ((await exported.json()) as { profile: Record<string, unknown> }).profile;
    expect(profile).toMatchObject({ email, privacy_notice_version: '1', marketing_consent_at: null });
    expect(profile.privacy_notice_acknowledged_at).toEqual(expect.any(String));

    // 'Şifre değiştir' on Hesap Ayarları: a wrong current password is named under its field.
    await page.goto('/settings');
    const card = page.getByTestId('password-change');
    await card.getByLabel('Mevcut şifre').fill('yanlis-sifre-1');
    await card.getByLabel('Yeni şifre').fill(second);
    await card.getByRole('button', { name: 'Şifreyi değiştir' }).click();
    await expect(card.getByText('Mevcut şifreniz doğru değil')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card.getByLabel('Mevcut şifre').fill(first);
    await card.getByRole('button', { name: 'Şifreyi değiştir' }).click();
    await expect(
      page.getByText('Şifreniz değişti. Diğer cihazlardaki oturumlarınız kapatıldı.'),
    ).toBeVisible();
    await expect(card.getByLabel('Mevcut şifre')).toHaveValue('');

    // 'İzinlerim': the notice acknowledged at registration; the campaign e-mails' açık rıza given here, and back.
    const consents = page.getByTestId('consents');
    await expect(consents).toContainText('Aydınlatma metnini');
    const marketing = consents.getByRole('checkbox', { name: /Kampanya/ });
    await expect(marketing).not.toBeChecked();
    await marketing.click();
    await expect(page.getByText('Kampanya e-postalarına izin verdiniz')).toBeVisible();
    await expect(marketing).toBeChecked();
    await expect(marketing).toBeEnabled();
    await marketing.click();
    await expect(page.getByText('Kampanya e-postası izniniz geri alındı')).toBeVisible();
    await expect(marketing).not.toBeChecked();

    await signOut(page, phone);
    // The old password no longer signs in.
    await signIn(page, email, first);
    await expect(page.getByText('E-posta veya şifre hatalı')).toBeVisible();

    // 'Şifremi unuttum': the link comes by e-mail (this server has SMTP), the page says so.
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    await expect(page).toHaveURL(/\/sifremi-unuttum$/);
    // The page's chunk may still be loading while the sign-in page shows: wait for the page itself.
    await expect(page.getByRole('heading', { name: 'Şifremi unuttum' })).toBeVisible();
    await page.getByLabel('E-posta').fill(email);
    await page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).click();
    await expect(page.getByTestId('reset-requested')).toContainText(
      'Bu e-posta adresiyle bir hesap varsa şifre sıfırlama bağlantısı gönderildi.',
    );
    await expect(page.getByTestId('reset-delivery')).toContainText('30 dakika');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await catcher.next(email);
    const link = resetLinkIn(mail);
    expect(link).toContain('/sifre-sifirla#token=');
    await page.goto(link);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Yeni şifre').fill(third);
    await page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await expect(page.getByTestId('reset-done')).toContainText(
      'Şifreniz değişti. Yeni şifrenizle giriş yapın.',
    );
    await page.getByRole('link', { name: 'Giriş Yap' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
    await signIn(page, email, third);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('Yeni şifre').fill('dorduncu-sifre-2026');
    await page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await expect(
      page.getByText(/Bu sıfırlama bağlantısı geçersiz, kullanılmış veya süresi dolmuş/),
    ).toBeVisible();
  });
}
