import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Picks a stock in the open dialog's symbol search. */
async function pickSymbol(page: Page, symbol: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill(symbol);
  await dialog.getByRole('option', { name: new RegExp(`^${symbol}\\b`) }).click();
  await expect(dialog.getByTestId('picked-symbol')).toContainText(symbol);
}

const CANDIDATES = ['ASELS', 'KCHOL', 'SISE', 'TUPRS', 'EREGL', 'BIMAS', 'AKBNK', 'FROTO', 'SAHOL', 'PGSUS'];

async function openPortfolio(page: Page) {
  await page
    .getByRole('navigation', { name: 'Ana menü' })
    .getByRole('link', { name: /Portföy/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Portföy', level: 1 })).toBeVisible();
}

const cashCard = (page: Page) => page.getByTestId('card-cash').locator('[data-role="value"]');
const txRow = (page: Page, type: string, text: string) =>
  page.locator(`[data-testid="transaction-row"][data-type="${type}"]`).filter({ hasText: text });

/** 'Hisse Ekle' at a price of our own (the live price is prefilled and moves). */
async function buyAt(page: Page, symbol: string, quantity: string, price: string) {
  await page.getByRole('button', { name: 'Hisse Ekle' }).first().click();
  const dialog = page.getByRole('dialog');
  await pickSymbol(page, symbol);
  await dialog.getByLabel('Adet').fill(quantity);
  await dialog.getByLabel('Fiyat (₺)').fill(price);
  await dialog.getByRole('button', { name: 'Alışı Kaydet' }).click();
}

// Both viewports: the desktop table and the phone cards carry the same rows and buttons.
for (const tag of ['', ' @phone']) {
  test(`portfolio ledger: deposit, buy, sell, dividend give the cash and K/Z; a buy beyond cash follows the chosen rule${tag}`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await signIn(page, `e2e.defter.${info.project.name}.${Date.now()}@example.com`);
    // On a phone the menu is a drawer: go by address.
    await page.goto('/portfolio');
    await expect(page.getByTestId('portfolio-empty')).toContainText('Portföyünüz boş');
    const dialog = page.getByRole('dialog');

    // Deposit ₺10.000.
    await page.getByTestId('portfolio-empty').getByRole('button', { name: 'Para Yatır' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Tutar gerekli')).toBeVisible();
    await dialog.getByLabel('Tutar (₺)').fill('10.000');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();
    await expect(cashCard(page)).toHaveText('₺10.000,00');

    // Buy 20 ASELS at ₺100 (₺2.000), sell 10 at ₺120: cash 8.000 + 1.200 = 9.200, realised K/Z +₺200.
    await buyAt(page, 'ASELS', '20', '100,00');
    await expect(dialog).toBeHidden();
    await expect(cashCard(page)).toHaveText('₺8.000,00');
    const row = page.locator('[data-testid="holding-row"][data-symbol="ASELS"]');
    await row.getByRole('button', { name: 'ASELS sat' }).click();
    await dialog.getByLabel('Adet').fill('10');
    await dialog.getByLabel('Fiyat (₺)').fill('120,00');
    await dialog.getByRole('button', { name: 'Satışı Kaydet' }).click();
    await expect(dialog).toBeHidden();
    await expect(cashCard(page)).toHaveText('₺9.200,00');
    await expect(row.locator('[data-col="quantity"]')).toHaveText('10');
    await expect(txRow(page, 'sell', 'ASELS')).toContainText('+₺200,00');

    // Dividend of ₺50 on ASELS: cash 9.250, realised +₺50.
    await page.getByRole('button', { name: 'Nakit / Temettü' }).click();
    await dialog.getByText('Temettü', { exact: true }).click();
    await pickSymbol(page, 'ASELS');
    await dialog.getByLabel('Tutar (₺)').fill('50');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();
    await expect(cashCard(page)).toHaveText('₺9.250,00');
    await expect(txRow(page, 'dividend', 'ASELS')).toContainText('+₺50,00');

    // A buy of ₺100.000 with ₺9.250 recorded: asked, then recorded with an automatic deposit of the ₺90.750 shortfall.
    await buyAt(page, 'ASELS', '1000', '100,00');
    await expect(dialog.getByTestId('cash-shortfall')).toContainText('₺90.750,00');
    await dialog.getByRole('button', { name: 'Eksik tutarı otomatik yatırma olarak kaydet' }).click();
    await expect(dialog).toBeHidden();
    await expect(cashCard(page)).toHaveText('₺0,00');
    await expect(txRow(page, 'deposit', '₺90.750,00')).toBeVisible();
    await expect(row.locator('[data-col="quantity"]')).toHaveText('1.010');

    // Another with negative cash allowed: cash goes to −₺1.000 and the card says so.
    await buyAt(page, 'ASELS', '10', '100,00');
    await dialog.getByRole('button', { name: 'Nakdin eksiye düşmesine izin ver' }).click();
    await expect(dialog).toBeHidden();
    await expect(cashCard(page)).toHaveText('-₺1.000,00');
    await expect(page.getByTestId('card-cash')).toContainText('Nakit eksiye düşebilir');
    await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  });
}

test('portfolio: Hisse Ekle, table and pie, sell, watchlist add/remove, an alert in the bell', async ({
  page,
}) => {
  // A long flow of a dozen saves against a real server (several seconds each on a busy machine).
  test.setTimeout(180_000);
  await signIn(page, `e2e.portfoy.${Date.now()}@example.com`);
  await openPortfolio(page);

  // A new account starts empty; 'Demo portföy yükle' fills it with labelled demo transactions.
  await expect(page.getByTestId('portfolio-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Demo portföy yükle' }).click();
  await expect(page.getByTestId('demo-banner')).toContainText('demo işlemler var');
  await expect(page.getByTestId('holding-row').first()).toBeVisible();
  await expect(page.getByTestId('demo-row').first()).toHaveText('Demo');
  await expect(page.getByTestId('card-cash').locator('[data-role="value"]')).toHaveText(/^₺[\d.]+,\d{2}$/);
  await expect(page.getByTestId('allocation-legend').locator('[data-slice="Nakit"]')).toBeVisible();
  await expect(
    page.getByTestId('performance-card').locator('[data-chart-line="portfolio"]').first(),
  ).toBeVisible();

  const held = await page
    .getByTestId('holding-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));
  const watched = await page
    .getByTestId('watchlist-item')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-symbol')));
  const symbol = CANDIDATES.find((s) => !held.includes(s) && !watched.includes(s));
  expect(symbol).toBeDefined();
  const sym = symbol ?? 'ASELS';

  // Escape closes the dialog and gives the focus back to the button that opened it (keyboard users keep their place).
  const opener = page.getByRole('button', { name: 'Hisse Ekle' }).first();
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(opener).toBeFocused();

  // 'Hisse Ekle': field-level validation, then a purchase at the prefilled live price.
  await page.getByRole('button', { name: 'Hisse Ekle' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Hisse Ekle' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Alışı Kaydet' }).click();
  await expect(dialog.getByText('Hisse kodu gerekli')).toBeVisible();
  await expect(dialog.getByText('Adet gerekli')).toBeVisible();
  await pickSymbol(page, sym);
  await expect(dialog.getByLabel('Fiyat (₺)')).toHaveValue(/^\d+,\d{2}$/);
  await dialog.getByLabel('Adet').fill('-2');
  await dialog.getByRole('button', { name: 'Alışı Kaydet' }).click();
  await expect(dialog.getByText('Adet sıfırdan büyük olmalı')).toBeVisible();
  // More than the cash balance: the dialog asks how to record the cash side; nothing is saved meanwhile.
  await dialog.getByLabel('Adet').fill('100000000');
  await dialog.getByRole('button', { name: 'Alışı Kaydet' }).click();
  await expect(dialog.getByTestId('cash-shortfall')).toContainText('Bu alım kayıtlı nakitten');
  await expect(dialog.getByTestId('form-error')).toHaveCount(0);
  await dialog.getByLabel('Adet').fill('5');
  await dialog.getByRole('button', { name: 'Alışı Kaydet' }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator(`[data-testid="holding-row"][data-symbol="${sym}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-col="quantity"]')).toHaveText('5');
  await expect(page.getByTestId('allocation-legend').locator(`[data-slice="${sym}"]`)).toBeVisible();

  // Sell: no more than held, then all of it.
  await row.getByRole('button', { name: `${sym} sat` }).click();
  await expect(dialog.getByRole('heading', { name: `${sym} satışı` })).toBeVisible();
  await dialog.getByLabel('Adet').fill('6');
  await dialog.getByRole('button', { name: 'Satışı Kaydet' }).click();
  await expect(dialog.getByText('En fazla 5 adet satılabilir')).toBeVisible();
  await dialog.getByLabel('Adet').fill('5');
  await dialog.getByRole('button', { name: 'Satışı Kaydet' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('allocation-legend').locator(`[data-slice="${sym}"]`)).toHaveCount(0);
  await expect(
    page.locator(`[data-testid="transaction-row"][data-symbol="${sym}"][data-type="sell"]`),
  ).toBeVisible();

  // Watchlist: add from the Portfolio page, see the card, remove it.
  await page.getByRole('button', { name: 'İzlemeye Ekle' }).click();
  await pickSymbol(page, sym);
  await dialog.getByRole('button', { name: 'Ekle', exact: true }).click();
  await expect(dialog).toBeHidden();
  const card = page.locator(`[data-testid="watchlist-item"][data-symbol="${sym}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(/₺[\d.]+,\d{2}/);
  await card.getByRole('button', { name: `${sym} izleme listesinden çıkar` }).click();
  await expect(card).toHaveCount(0);

  // Alert: 'above ₺1,00' is met by the current price, so it triggers at once and the bell counts it.
  const bell = page.getByTestId('alerts-bell');
  await expect(page.getByTestId('alerts-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Alarm Kur' }).click();
  await pickSymbol(page, sym);
  await dialog.getByLabel('Üzerine çıkarsa').check();
  await dialog.getByLabel('Eşik fiyat (₺)').fill('1,00');
  await dialog.getByRole('button', { name: 'Alarmı Kur' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('alerts-badge')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Bildirimler: 1 okunmamış fiyat alarmı');

  await bell.click();
  const item = page.getByTestId('alerts-popover').locator(`[data-testid="alert-item"][data-symbol="${sym}"]`);
  await expect(item).toHaveAttribute('data-status', 'triggered');
  await expect(item).toContainText('₺1,00 üzerine çıkarsa');
  await expect(item).toContainText(/Tetiklendi: ₺[\d.]+,\d{2}/);
  await item.getByRole('button', { name: `${sym} alarmını okundu işaretle` }).click();
  await expect(page.getByTestId('alerts-badge')).toHaveCount(0);
  await item.getByRole('button', { name: `${sym} alarmını sil` }).click();
  await expect(item).toHaveCount(0);
});

test('portfolio: a long ledger shows a page at a time, and Daha fazla reads the next', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `e2e.sayfa.${Date.now()}@example.com`;
  await signIn(page, email);
  const login = await request.post('/api/auth/login', { data: { email, password: 'herhangi-bir-sifre' } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const lines = ['date,type,amount'];
  for (let i = 0; i < 130; i++)
    lines.push(`2026-01-${String(2 + (i % 27)).padStart(2, '0')},deposit,${100 + i}`);
  const imported = await request.post('/api/portfolio/transactions/import', {
    headers,
    data: { csv: lines.join('\n') },
  });
  expect(imported.status()).toBe(200);

  await openPortfolio(page);
  const section = page.getByTestId('transactions-section');
  await expect(section.getByTestId('transaction-row')).toHaveCount(100);
  await expect(section.getByTestId('transactions-shown')).toHaveText('130 işlemden 100 tanesi gösteriliyor');
  await section.getByRole('button', { name: 'Daha fazla' }).click();
  await expect(section.getByTestId('transaction-row')).toHaveCount(130);
  await expect(section.getByTestId('transactions-shown')).toHaveText('130 işlemden 130 tanesi gösteriliyor');
  await expect(section.getByRole('button', { name: 'Daha fazla' })).toHaveCount(0);
});
