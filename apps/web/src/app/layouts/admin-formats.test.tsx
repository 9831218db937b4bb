import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatChange, formatPercent, formatPrice } from '@/lib/format';
import { useAdminFormats } from './admin-formats';

function Figures() {
  useAdminFormats();
  return (
    <p data-testid="figures">{[formatPrice(4200), formatPercent(17.5), formatChange(-0.5)].join(' | ')}</p>
  );
}

afterEach(cleanup);

describe('useAdminFormats', () => {
  it('formats in English inside the admin panel and gives Turkish back when it is left', () => {
    expect(formatPrice(4200)).toBe('₺4.200,00');
    const view = render(<Figures />);
    expect(screen.getByTestId('figures').textContent).toBe('₺4,200.00 | 17.5% | -0.50%');
    view.unmount();
    expect(formatPrice(4200)).toBe('₺4.200,00');
    expect(formatPercent(17.5)).toBe('%17,5');
  });
});
