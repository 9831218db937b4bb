// The stock page's and the index page's change over the chosen range also in dollars and in real lira (decision
// 0063): the real change from the shipped TÜİK TÜFE history, the dollar change from the fake provider's USD/TRY (test
// data), each with its source, and the CPI's month and method. Chromium at 1366×850 and (tagged @phone) 390×844.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInInvestor } from './investor-sign-in';

const PERCENT = /^[+-]?%\d+(\.\d{3})*,\d{2}$|^%0,00$/;
const CPI_CARRIED =
  'TÜFE: Ekim 2025, son yüklenen ay sonraki aylara taşındı · kaynak: TÜİK (uygulamayla gelen TÜFE geçmişi)';

const value = (summary: Locator, kind: string) =>
  summary.getByTestId(`units-${kind}`).locator('[data-role="value"]');

/** Reloads until the dollar figure is there: the server fills USD/TRY from the provider after it starts. */
async function waitForDollars(page: Page, summary: () => Locator, choose: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await choose();
    await expect(value(summary(), 'usd')).toHaveText(PERCENT, { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}

/** Nothing in the summary is wider than the page (the phone's 390 px). */
async function fitsThePage(page: Page, summary: Locator) {
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const box = await summary.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const tag of ['', ' @phone']) {
  test(`the stock page gives its 1Y and 5Y change in dollars and real lira with the CPI's month and the sources${tag}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInInvestor(page, `e2e.hisse.birim.${Date.now()}@example.com`);
    await page.goto('/stocks/THYAO');
    const summary = () => page.getByTestId('range-units');
    const choose = (range: string) => async () => {
      await page.getByRole('button', { name: range, exact: true }).click();
      await expect(page.getByRole('button', { name: range, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    };
    await waitForDollars(page, summary, choose('5Y'));

    // Five years back the CPI is measured (the shipped history runs to October 2025): real ≠ nominal.
    for (const kind of ['nominal', 'usd', 'real']) await expect(value(summary(), kind)).toHaveText(PERCENT);
    const nominal5 = await value(summary(), 'nominal').textContent();
    expect(await value(summary(), 'real').textContent()).not.toBe(nominal5);
    expect(await value(summary(), 'usd').textContent()).not.toBe(nominal5);
    await expect(summary()).toContainText(/Dönem değişimi: \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);
    await expect(summary().getByTestId('units-cpi-note')).toHaveText(CPI_CARRIED);
    // The months published since October 2025 and not loaded are said to be left out of the real change.
    await expect(summary().getByTestId('units-cpi-behind')).toContainText(
      /^TÜFE Ekim 2025 sonrasındaki \d+ ay için yüklü değil: reel getiri bu ayların enflasyonunu içermiyor/,
    );
    await expect(summary().getByTestId('units-usd-note')).toHaveText(
      /^USD\/TRY: \d+,\d{4} → \d+,\d{4} · kaynak: Yahoo Finance$/,
    );
    await expect(summary().getByTestId('units-no-inflation')).toHaveCount(0);

    // The explanation opens on a tap or a click.
    // (A tooltip closes when the page scrolls, as it may while the cards below still load: tried until it stays.)
    const info = summary().getByTestId('units-real-info');
    await expect(async () => {
      if (tag) await info.tap();
      else await info.click();
      await expect(page.getByRole('tooltip')).toContainText("(1 + TÜFE'nin değişimi)", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await fitsThePage(page, summary());

    // One year back starts after October 2025's middle: no CPI published inside it, said so; real = nominal.
    await choose('1Y')();
    await expect(summary().getByTestId('units-no-inflation')).toContainText(
      'Bu dönemin içinde yayımlanmış TÜFE yok',
    );
    await expect(value(summary(), 'usd')).toHaveText(PERCENT);
    expect(await value(summary(), 'real').textContent()).toBe(
      await value(summary(), 'nominal').textContent(),
    );
    expect(await value(summary(), 'nominal').textContent()).not.toBe(nominal5);

    // An intraday range has no such change.
    await choose('1G')();
    await expect(summary()).toHaveCount(0);
  });

  test(`the index page gives its 1Y and 5Y change in dollars and real lira with the CPI's month and the sources${tag}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInInvestor(page, `e2e.endeks.birim.${Date.now()}@example.com`);
    await page.goto('/indices/XU030');
    const history = page.getByTestId('index-history');
    const summary = () => history.getByTestId('range-units');
    const choose = (range: string) => async () => {
      await history.getByRole('button', { name: range, exact: true }).click();
      await expect(history).toHaveAttribute('data-range', range);
    };
    await waitForDollars(page, summary, choose('5Y'));
    for (const kind of ['nominal', 'usd', 'real']) await expect(value(summary(), kind)).toHaveText(PERCENT);
    expect(await value(summary(), 'real').textContent()).not.toBe(
      await value(summary(), 'nominal').textContent(),
    );
    await expect(summary().getByTestId('units-cpi-note')).toHaveText(CPI_CARRIED);
    await expect(summary().getByTestId('units-usd-note')).toContainText('kaynak: Yahoo Finance');
    await fitsThePage(page, summary());

    await choose('1Y')();
    // The summary's nominal change is the index's own over the year shown above it.
    await expect(value(summary(), 'nominal')).toHaveText(PERCENT);
    await expect(value(summary(), 'usd')).toHaveText(PERCENT);
    await expect(summary().getByTestId('units-no-inflation')).toBeVisible();
  });
}
