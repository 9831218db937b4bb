import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SplitOffer } from '@bist/contracts';
import { SplitOffersList } from './split-offers';

afterEach(cleanup);

const offer: SplitOffer = {
  symbol: 'THYAO',
  date: '2026-11-10',
  numerator: 2,
  denominator: 1,
  shares_before: 150,
  extra_shares: 150,
  source: 'yahoo',
};

describe('the split offers on the portfolio page', () => {
  it('says what the provider reported and what the ledger gets, and accepts the offer on a click', () => {
    const onAccept = vi.fn();
    render(<SplitOffersList offers={[offer]} onAccept={onAccept} pending={null} />);
    expect(screen.getByTestId('split-offer').textContent).toContain(
      'THYAO 10.11.2026 tarihinde 2:1 oranında bölündü (veri sağlayıcısına göre). O gün 150 hisseniz vardı: deftere 150 ek hisse eklenir',
    );
    fireEvent.click(screen.getByRole('button', { name: 'THYAO bölünmesini deftere ekle' }));
    expect(onAccept).toHaveBeenCalledWith(offer);
  });

  it('waits while an offer is being recorded, and shows nothing without offers', () => {
    const { rerender } = render(
      <SplitOffersList
        offers={[offer]}
        onAccept={() => undefined}
        pending={{ symbol: 'THYAO', date: '2026-11-10' }}
      />,
    );
    const button = screen.getByRole('button', { name: 'THYAO bölünmesini deftere ekle' });
    expect(button.textContent).toBe('Ekleniyor…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    rerender(<SplitOffersList offers={[]} onAccept={() => undefined} pending={null} />);
    expect(screen.queryByTestId('split-offers')).toBeNull();
  });
});
