import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfidenceInfo } from './info-tooltip';

afterEach(cleanup);

describe('ConfidenceInfo', () => {
  it('opens its explanation on a click or tap (a touch screen has no hover) and closes on Escape', async () => {
    render(<ConfidenceInfo />);
    const button = screen.getByTestId('confidence-info');
    expect(screen.queryByRole('tooltip')).toBeNull();
    // A tap is a pointer down, a pointer up and a click, without any hover before it.
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.click(button);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('%50’ye doğru çekilir');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
