// The portfolio's returns in other units (decision 0063): beside the nominal TWR, the range's return in real lira
// (the shipped TÜİK TÜFE history), in dollars and in gold (the fake provider's USD/TRY and gold: test data), and the
// deposit benchmark (no deposit series is loaded here: shown as missing, with the reason); the unit switch draws the
// chart and its table in the chosen unit. Chromium at 1366×850 and (tagged @phone) 390×844.
import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { signInInvestor } from './investor-sign-in';

const PERCENT = /^[+-]?%\d+,\d{2}$|^%0,00$/;

/** The performance table's portfolio column (the chart's figures for screen readers), one text per day. */
const tableColumn = (page: Page, col: string) =>
  page
    .getByTestId('performance-table')
    .locator(`[data-col="${col}"]`)
    .evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));

for (const tag of ['', ' @phone']) {
  test(`the portfolio shows its return nominal, real, in dollars and in gold with the CPI's month and source, and the chart switches unit${tag}`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await signInInvestor(page, `e2e.birim.${info.project.name}.${Date.now()}@example.com`);
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'Demo portföy yükle' }).click();
    await expect(page.getByTestId('demo-banner')).toBeVisible();
    const card = page.getByTestId('performance-card');

    // The server fills USD/TRY and gold from the provider at start: until then the dollar figure may still be
    // missing, so the page is loaded again until it is there.
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('return-usd').locator('[data-role="value"]')).toHaveText(PERCENT, {
        timeout: 5_000,
      });
    }).toPass({ timeout: 60_000 });

    await expect(card.getByTestId('twr')).toContainText(/Getiri \(TWR\): [+-]?%\d/);
    for (const kind of ['real', 'usd', 'gold']) {
      await expect(card.getByTestId(`return-${kind}`).locator('[data-role="value"]')).toHaveText(PERCENT);
    }
    await expect(card.getByTestId('return-real')).toContainText('Reel getiri');
    await expect(card.getByTestId('return-gold')).toContainText('Altın bazında');
    // No deposit rate is loaded in this server: the figure is missing and says why.
    await expect(card.getByTestId('return-deposit')).toContainText('---');
    await expect(card.getByTestId('return-deposit')).toContainText('Mevduat faizi serisi henüz yüklenmedi');
    // The shipped TÜFE history ends with Ekim 2025: later days carry that month forward, and the card says so.
    await expect(card.getByTestId('cpi-note')).toHaveText(
      'TÜFE: Ekim 2025, son yüklenen ay sonraki aylara taşındı · kaynak: TÜİK (uygulamayla gelen TÜFE geçmişi)',
    );
    // The demo's range starts after the middle of October 2025 (its figure's day): no inflation measured inside it.
    await expect(card.getByTestId('no-inflation')).toHaveText(
      'Bu dönemin içinde yayımlanmış TÜFE yok: enflasyon sıfır sayıldı, reel getiri nominal getiriye eşit.',
    );
    expect(await card.getByTestId('return-real').locator('[data-role="value"]').textContent()).toBe(
      await card.getByTestId('twr').locator('span').textContent(),
    );

    // An explanation opens on a tap or a click.
    const realInfo = card.getByTestId('real-info');
    if (tag) await realInfo.tap();
    else await realInfo.click();
    await expect(page.getByRole('tooltip')).toContainText('Enflasyondan arındırılmış getiri');
    await page.keyboard.press('Escape');

    // The unit switch: nominal lira first; dollars redraw the chart's lines and the table in USD.
    const nominal = card.getByRole('button', { name: '₺ (nominal)' });
    const usd = card.getByRole('button', { name: '$ (ABD doları)' });
    await expect(nominal).toHaveAttribute('aria-pressed', 'true');
    await expect(usd).toHaveAttribute('aria-pressed', 'false');
    const inLira = await tableColumn(page, 'twr');
    expect(inLira.length).toBeGreaterThan(1);
    await usd.click();
    await expect(usd).toHaveAttribute('aria-pressed', 'true');
    await expect(nominal).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('performance-table')).toHaveAttribute('data-unit', 'usd');
    const inDollars = await tableColumn(page, 'twr');
    expect(inDollars).toHaveLength(inLira.length);
    // USD/TRY rises over the range in the test data: the dollar figures are not the lira ones.
    expect(inDollars).not.toEqual(inLira);
    expect(inDollars.at(-1)).toBe(
      await card.getByTestId('return-usd').locator('[data-role="value"]').textContent(),
    );
    await expect(card.locator('[data-chart-line="portfolio"]').first()).toBeVisible();

    await card.getByRole('button', { name: 'altın (gram)' }).click();
    await expect(page.getByTestId('performance-table')).toHaveAttribute('data-unit', 'gold');
    await nominal.click();
    expect(await tableColumn(page, 'twr')).toEqual(inLira);

    // The card with its new figures, explanations and switch: no serious or critical axe violation.
    const violations = await seriousAxeViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);

    if (tag) {
      // The unit buttons are tap targets like the range buttons: 44×44 px or more on a phone.
      for (const button of await card.getByTestId('unit-switch').getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    }
  });
}
