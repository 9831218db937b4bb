import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlgorithmName } from './production-models';

afterEach(cleanup);

describe('AlgorithmName', () => {
  it('opens its English name on a tap (a touch screen has no hover) and closes on Escape', async () => {
    render(<AlgorithmName name="Rastgele Orman" english="Random Forest" />);
    const name = screen.getByText('Rastgele Orman');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerDown(name, { pointerType: 'touch' });
    fireEvent.pointerUp(name, { pointerType: 'touch' });
    fireEvent.click(name);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('Random Forest');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
