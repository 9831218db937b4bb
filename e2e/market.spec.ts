import { expect, test, type Locator, type Page } from '@playwright/test';

async function signIn(page: Page, email = 'e2e.piyasa@example.com') {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('herhangi-bir-sifre');
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** '₺1.234,56' / '-%2,35' / '35,7 Mn' → 1234.56 / -2.35 / 35.7 (tr-TR). */
function trNumber(text: string): number {
  const cleaned = text
    .replace(/[^\d,.-]/g, '')
    .replace(/\./g, '')
    .replace(',', '.');
  return Number.parseFloat(cleaned);
}

async function columnTexts(page: Page, column: number): Promise<string[]> {
  return page.getByTestId('stock-row').locator(`td:nth-child(${column})`).allInnerTexts();
}

const sortedAsc = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? v) <= v);
const sortedDesc = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? v) >= v);

async function cardValue(card: Locator): Promise<string> {
  return (await card.locator('[data-role="value"]').innerText()).trim();
}

test.describe('market screens', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("dashboard: the cards, XU100 through the day and the sectors' moves show numbers", async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { name: 'Özet', level: 1 })).toBeVisible();
    await expect(page.getByTestId('last-update')).toContainText('Son güncelleme:');

    const total = page.getByTestId('card-total-stocks');
    await expect(total).toContainText('Toplam Hisse');
    await expect(total).toContainText(/\d+ sektör/);
    expect(trNumber(await cardValue(total))).toBeGreaterThan(500);

    const value = page.getByTestId('card-market-value');
    await expect(value).toContainText('Günlük hacim ₺');
    expect(await cardValue(value)).toMatch(/^₺\d+,\d (Tn|Mr)$/);

    const bist = page.getByTestId('card-bist100');
    // The computed level, never the spec's placeholder 8,247.52.
    expect(trNumber(await cardValue(bist))).toBeGreaterThan(1000);
    await expect(bist).not.toContainText('8.247,52');
    await expect(bist).toContainText(/[+-]?%\d+,\d{2}/);
    await expect(page.getByTestId('card-ai')).toContainText('AI Tahminleri');

    // XU100 through the day, readable by keyboard: the chart takes focus, Home picks the first point.
    const xu100 = page.getByTestId('xu100-chart');
    await expect(xu100.locator('[data-chart-line]')).toHaveCount(1);
    await xu100.getByRole('group', { name: 'XU100' }).focus();
    await page.keyboard.press('Home');
    await expect(xu100.getByTestId('chart-readout')).toContainText(/\d{2}:\d{2} · \d{1,2}\.\d{3},\d{2}/);
    // The sectors' moves: the five most rising, then the five most falling.
    const moves = page.getByTestId('sector-move');
    await expect(moves).toHaveCount(10);
    const changes = (await moves.locator(':scope > span:last-child').allInnerTexts()).map(trNumber);
    expect(changes.every((c, i) => i === 0 || changes[i - 1]! >= c)).toBe(true);

    await expect(page.getByTestId('top-gainers')).toContainText(/\+%\d+,\d{2}/);
    await expect(page.getByTestId('top-losers')).toContainText(/-%\d+,\d{2}/);
    await expect(page.getByTestId('sector-distribution').getByText(/^\d+ hisse$/)).toHaveCount(5);
  });

  test("stocks: 'garanti' finds GARAN; sector filter, sorting and paging work", async ({ page }) => {
    await page
      .getByRole('navigation', { name: 'Ana menü' })
      .getByRole('link', { name: /Hisse Senetleri/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Hisse Senetleri', level: 1 })).toBeVisible();
    await expect(page.getByTestId('listed-count')).toContainText(
      /Borsa İstanbul'da \d+ hisse senedi listeleniyor/,
    );

    // Paging: pages of 20, 'Sayfa x / y'.
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Sayfa 1 \/ \d+$/);
    await expect(page.getByTestId('stock-row')).toHaveCount(20);
    const firstOnPage1 = await page.getByTestId('stock-row').first().getAttribute('data-symbol');
    await page.getByRole('button', { name: 'Sonraki' }).click();
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Sayfa 2 \/ \d+$/);
    await expect(page.getByTestId('stock-row').first()).not.toHaveAttribute(
      'data-symbol',
      firstOnPage1 ?? '',
    );
    await page.getByRole('button', { name: 'Önceki' }).click();
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Sayfa 1 \/ \d+$/);

    // Clickable headers: another column sorts ascending, the active one toggles.
    const priceHeader = page.getByRole('columnheader', { name: /Fiyat/ });
    await priceHeader.getByRole('button').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(async () => sortedAsc((await columnTexts(page, 3)).map(trNumber))).toBe(true);
    await priceHeader.getByRole('button').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => sortedDesc((await columnTexts(page, 3)).map(trNumber))).toBe(true);

    // The sort select: most rising first.
    await page.getByRole('combobox', { name: 'Sıralama' }).click();
    await page.getByRole('option', { name: 'Değişim (En Çok Yükselen)' }).click();
    await expect(page.getByRole('columnheader', { name: /Değişim/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect.poll(async () => sortedDesc((await columnTexts(page, 4)).map(trNumber))).toBe(true);

    // Sector filter: every row of the chosen sector, its count in the option.
    await page.getByRole('combobox', { name: 'Sektör' }).click();
    const banks = page.getByRole('option', { name: /^Bankacılık \(\d+\)$/ });
    const bankCount = trNumber((await banks.innerText()).replace('Bankacılık', ''));
    await banks.click();
    await expect(page.getByRole('combobox', { name: 'Sektör' })).toContainText('Bankacılık');
    await expect
      .poll(
        async () =>
          new Set(await page.getByTestId('stock-row').locator('td[data-col="sector"]').allInnerTexts()),
      )
      .toEqual(new Set(['Bankacılık']));
    await expect(page.getByTestId('card-page-stocks')).toContainText(`Toplam ${bankCount} sonuçtan`);

    // Search over company names (debounced), back over all sectors.
    await page.getByRole('combobox', { name: 'Sektör' }).click();
    await page.getByRole('option', { name: 'Tüm Sektörler' }).click();
    await page.getByRole('searchbox', { name: 'Hisse senetlerinde ara' }).fill('garanti');
    await expect(page.getByTestId('stock-row').filter({ hasText: 'GARAN' }).first()).toBeVisible();
    await expect(page.locator('[data-testid="stock-row"][data-symbol="GARAN"]')).toContainText(
      'Garanti Bankası',
    );
    await expect(page).toHaveURL(/search=garanti/);
    await expect(page.getByTestId('page-indicator')).toHaveCount(0);

    // Row actions: add to the watchlist (toast), open the stock page.
    await page.getByRole('button', { name: 'İzleme listesine ekle: GARAN' }).click();
    await expect(page.getByText(/GARAN (izleme listesine eklendi|zaten izleme listenizde)/)).toBeVisible();
    await page.getByRole('link', { name: 'GARAN hisse sayfasını aç' }).click();
    await expect(page).toHaveURL(/\/stocks\/GARAN$/);
  });

  test('indices: choosing an index changes its chart and panels', async ({ page }) => {
    await page.goto('/indices');
    await expect(page.getByRole('heading', { name: 'BIST Endeksleri', level: 1 })).toBeVisible();
    expect(trNumber(await cardValue(page.getByTestId('card-index-count')))).toBeGreaterThanOrEqual(15);
    await expect(page.getByTestId('card-index-gainers')).toContainText(/Tümünün %\d+,\d'/);

    const chart = page.getByTestId('index-chart');
    await expect(chart).toHaveAttribute('data-code', 'XU100');
    await expect(page.getByTestId('selected-index')).toContainText('BIST 100');
    const area = chart.locator('[data-chart-line]');
    await expect(area).toHaveCount(1);
    const before = await area.getAttribute('d');
    await expect(page.getByTestId('index-panels')).toContainText('Aktif');
    await expect(page.getByTestId('index-panels')).toContainText(/Normal|Yüksek/);
    await expect(page.getByTestId('index-panels')).toContainText(/Pozitif|Negatif/);

    await page.locator('[data-testid="index-card"][data-code="XBANK"]').click();
    await expect(chart).toHaveAttribute('data-code', 'XBANK');
    await expect(page.getByTestId('selected-index')).toContainText('XBANK');
    await expect(page.locator('[data-testid="index-card"][data-code="XBANK"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(async () => area.getAttribute('d')).not.toBe(before);
    await expect(page.getByTestId('risk-bar')).toHaveAttribute('data-level', /red|yellow|green/);
  });

  test('stock page: candles are drawn and the key figures show numbers', async ({ page }) => {
    // Through the top bar's search: type, pick with the keyboard.
    const search = page.getByRole('combobox', { name: 'Hisse ara' });
    await search.fill('garanti');
    await expect(page.getByRole('option', { name: /GARAN/ }).first()).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/stocks\/GARAN$/);

    await expect(page.getByRole('heading', { name: 'GARAN', level: 1 })).toBeVisible();
    await expect(page.getByText('Garanti Bankası').first()).toBeVisible();
    await expect(page.getByTestId('stock-price')).toHaveText(/^₺\d+,\d{2}$/);
    const chart = page.getByRole('img', {
      name: /^GARAN mum grafiği: \d{2} \S+ \d{4} – \d{2} \S+ \d{4}; en düşük/,
    });
    await expect(chart).toHaveAttribute('data-testid', 'candle-chart');
    const box = await chart.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(300);
    await expect(page.getByTestId('rsi-value')).toHaveText(/^\d+,\d$/);
    // Three months of business days, every one drawn: a body and a wick each.
    const drawn = async () =>
      (
        await chart
          .locator('[data-chart-candles]')
          .evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))
      )
        .join('')
        .split('M').length - 1;
    const threeMonths = Number(await chart.getAttribute('data-candles'));
    expect(threeMonths).toBeGreaterThan(40);
    expect(await drawn()).toBe(threeMonths * 2);
    await expect(chart.locator('[data-chart-line="sma20"]')).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L/);
    await expect(chart.locator('[data-chart-line="rsi"]')).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L/);
    await expect(chart.locator('[data-chart-xtick]').first()).toHaveText(
      /^(\d{1,2} )?[A-ZÇŞİÖÜ][a-zçğışöü]{2}$|^\d{4}$/,
    );
    await expect(chart.locator('[data-chart-ytick]').first()).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/);

    const figures = page.getByTestId('key-figures');
    await expect(figures).toContainText('Temel Veriler');
    for (const label of ['Açılış', 'Önceki kapanış', 'Piyasa değeri', 'Fiyat adımı']) {
      await expect(figures.locator('div').filter({ hasText: label }).last().locator('dd')).toHaveText(/₺\d/);
    }
    await expect(figures.locator('div').filter({ hasText: 'Hacim (adet)' }).last().locator('dd')).toHaveText(
      /\d/,
    );
    await expect(figures).toContainText('XU100');

    // Another range redraws.
    await page.getByRole('button', { name: '1Y', exact: true }).click();
    await expect(page.getByRole('button', { name: '1Y', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')))
      .toBeGreaterThan(threeMonths * 2);

    await page.goto('/stocks/YOKBOYLE');
    await expect(page.getByRole('heading', { name: 'Hisse bulunamadı' })).toBeVisible();
  });

  test('stock chart: pointer and arrow keys pick a candle, the wheel zooms, a drag pans', async ({
    page,
  }) => {
    await page.goto('/stocks/THYAO');
    const chart = page.getByTestId('candle-chart');
    const readout = page.getByTestId('candle-readout');
    const readoutDate = readout.locator('span').first();
    await expect(chart.locator('[data-chart-candles]').first()).toBeAttached();
    const all = Number(await chart.getAttribute('data-candles'));
    const latest = await readoutDate.innerText();
    const box = (await chart.boundingBox())!;

    // The pointer near the left edge: an early candle in the readout and its date on the time axis.
    await page.mouse.move(box.x + 30, box.y + 120);
    await expect(chart.locator('[data-chart-crosshair]')).toBeAttached();
    await expect(readoutDate).not.toHaveText(latest);
    await expect(chart.locator('[data-chart-time]')).toHaveText(await readoutDate.innerText());
    // Leaving the chart shows the latest candle again.
    await page.mouse.move(box.x + box.width / 2, box.y - 150);
    await expect(readoutDate).toHaveText(latest);
    await expect(chart.locator('[data-chart-crosshair]')).toHaveCount(0);

    // The keyboard: the chart takes focus, the arrows step through the candles and are announced.
    const plot = page.getByRole('group', { name: 'THYAO mum grafiği' });
    await plot.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(readoutDate).not.toHaveText(latest);
    const previous = await readoutDate.innerText();
    await expect(page.getByTestId('candle-announcement')).toContainText(previous);
    await page.keyboard.press('End');
    await expect(readoutDate).toHaveText(latest);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('candle-announcement')).toHaveText('');

    // The wheel zooms in around the pointer; a drag to the right shows earlier candles; a double click shows all.
    await page.mouse.move(box.x + box.width * 0.5, box.y + 150);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBeLessThan(all * 0.7);
    const zoomedName = await chart.getAttribute('aria-label');
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5 + 150, box.y + 150, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => chart.getAttribute('aria-label')).not.toBe(zoomedName);
    await page.mouse.dblclick(box.x + box.width * 0.5, box.y + 150);
    await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBe(all);
  });
});

test('phone: the stocks list and a stock page fit the screen @phone', async ({ page }) => {
  await signIn(page, 'e2e.piyasa.telefon@example.com');
  await page.goto('/stocks');
  await expect(page.getByTestId('stock-row')).toHaveCount(20);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(400);
  await page.goto('/stocks/THYAO');
  const chart = page.getByTestId('candle-chart');
  await expect(chart.locator('[data-chart-candles]').first()).toBeAttached();
  const box = await chart.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect(box?.width ?? 999).toBeLessThanOrEqual(390);
  expect(Number(await chart.getAttribute('data-candles'))).toBeGreaterThan(40);
});
