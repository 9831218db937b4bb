import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SplitOffer } from '@bist/contracts';
import { SplitOffersList } from './split-offers';

afterEach(cleanup);

const offer: SplitOffer = {
  kind: 'split',
  symbol: 'THYAO',
  date: '2026-11-10',
  numerator: 2,
  denominator: 1,
  shares_before: 150,
  shares_after: 300,
  extra_shares: 150,
  removed_shares: 0,
  fraction_dropped: 0,
  source: 'yahoo',
};

/** A 1:10 consolidation of 1 255 shares: 125 remain, 1 130 are taken off, half a new share is not whole. */
const reverse: SplitOffer = {
  kind: 'reverse_split',
  symbol: 'GARAN',
  date: '2026-11-12',
  numerator: 1,
  denominator: 10,
  shares_before: 1_255,
  shares_after: 125,
  extra_shares: 0,
  removed_shares: 1_130,
  fraction_dropped: 0.5,
  source: 'yahoo',
};

const noop = () => undefined;

describe('the split offers on the portfolio page', () => {
  it('says what the provider reported and what the ledger gets, and accepts the offer on a click', () => {
    const onAccept = vi.fn();
    const onDismiss = vi.fn();
    render(<SplitOffersList offers={[offer]} onAccept={onAccept} onDismiss={onDismiss} pending={null} />);
    expect(screen.getByTestId('split-offer').textContent).toContain(
      'THYAO 10.11.2026 tarihinde 2:1 oranında bölündü (veri sağlayıcısına göre). O gün 150 hisseniz vardı: deftere 150 ek hisse eklenir',
    );
    fireEvent.click(screen.getByRole('button', { name: 'THYAO bölünmesini deftere ekle' }));
    expect(onAccept).toHaveBeenCalledWith(offer);
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('words a reverse split as a consolidation, with the shares that remain and the fraction not recorded', () => {
    const onAccept = vi.fn();
    render(<SplitOffersList offers={[reverse]} onAccept={onAccept} onDismiss={noop} pending={null} />);
    const text = screen.getByTestId('split-offer').textContent;
    expect(text).toContain(
      'GARAN 12.11.2026 tarihinde birleşme (ters bölünme) yaptı: her 10 hisse 1 hisse oldu (veri sağlayıcısına göre). ' +
        'O gün 1.255 hisseniz vardı: 125 hisse kalır, defterden 1.130 hisse düşülür',
    );
    expect(text).toContain('ortalama maliyet artar');
    expect(text).toContain('Tam hisseye denk gelmeyen 0,50 hisse deftere yazılmaz');
    expect(text).not.toContain('ek hisse');
    fireEvent.click(screen.getByRole('button', { name: 'GARAN birleşmesini deftere ekle' }));
    expect(onAccept).toHaveBeenCalledWith(reverse);
  });

  it("dismisses an offer with 'Yoksay' beside its accept button, not the other offer", () => {
    const onAccept = vi.fn();
    const onDismiss = vi.fn();
    render(
      <SplitOffersList offers={[offer, reverse]} onAccept={onAccept} onDismiss={onDismiss} pending={null} />,
    );
    const [first, second] = screen.getAllByTestId('split-offer');
    expect(
      within(first!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Deftere ekle', 'Yoksay']);
    fireEvent.click(within(second!).getByRole('button', { name: 'GARAN önerisini yoksay' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledWith(reverse);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('waits while an offer is being recorded or dismissed, and shows nothing without offers', () => {
    const { rerender } = render(
      <SplitOffersList
        offers={[offer]}
        onAccept={noop}
        onDismiss={noop}
        pending={{ symbol: 'THYAO', date: '2026-11-10', action: 'accept' }}
      />,
    );
    const button = screen.getByRole('button', { name: 'THYAO bölünmesini deftere ekle' });
    expect(button.textContent).toBe('Ekleniyor…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const dismiss = screen.getByRole('button', { name: 'THYAO önerisini yoksay' });
    expect(dismiss.textContent).toBe('Yoksay');
    expect((dismiss as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <SplitOffersList
        offers={[offer]}
        onAccept={noop}
        onDismiss={noop}
        pending={{ symbol: 'THYAO', date: '2026-11-10', action: 'dismiss' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'THYAO önerisini yoksay' }).textContent).toBe('Yoksayılıyor…');
    expect(screen.getByRole('button', { name: 'THYAO bölünmesini deftere ekle' }).textContent).toBe(
      'Deftere ekle',
    );
    rerender(<SplitOffersList offers={[]} onAccept={noop} onDismiss={noop} pending={null} />);
    expect(screen.queryByTestId('split-offers')).toBeNull();
  });
});
