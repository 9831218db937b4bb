import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { marketSourceData, simulatedSourceData } from '@/test/market-source';
import { renderWithSource } from '@/test/render-with-source';
import { MarketSourceBadge } from './market-source-badge';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderBadge(source: MarketSource | null) {
  renderWithSource(<MarketSourceBadge />, source);
  const badge = screen.getByTestId('market-source-badge');
  await waitFor(() => expect(badge.dataset.source).not.toBe('loading'));
  return badge;
}

/** A tap: pointer down, pointer up and a click, with no hover before it. */
function tap(element: HTMLElement) {
  fireEvent.pointerDown(element, { pointerType: 'touch' });
  fireEvent.pointerUp(element, { pointerType: 'touch' });
  fireEvent.click(element);
}

describe('MarketSourceBadge', () => {
  it('says the real feed and its delay; a tap opens what the source is, its provider, time and history', async () => {
    const badge = await renderBadge(marketSourceData());
    expect(badge.textContent).toBe('Gerçek veri · 15 dk gecikmeli');
    expect(screen.queryByRole('tooltip')).toBeNull();
    tap(badge);
    const tip = await screen.findByRole('tooltip');
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(tip.textContent).toContain('Gerçek piyasa verisi');
    expect(tip.textContent).toContain('Yahoo Finance');
    expect(tip.textContent).toContain('15 dakika gerisindedir');
    expect(tip.textContent).toContain('Son veri: 27.11.2026 15:42:10');
    expect(tip.textContent).toContain('gerçek BIST geçmişi, 29.11.2021–26.11.2026 (596 hisse)');
    // A second tap closes it; so does Escape after a new tap.
    tap(badge);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    tap(badge);
    await screen.findByRole('tooltip');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens on hover with a mouse and closes when the mouse leaves', async () => {
    const badge = await renderBadge(marketSourceData());
    fireEvent.pointerEnter(badge.parentElement!, { pointerType: 'mouse' });
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    fireEvent.pointerLeave(badge.parentElement!, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('says when the real feed is late: the last good time, and that the provider cannot be reached', async () => {
    const badge = await renderBadge(marketSourceData({ stale: true }));
    expect(badge.textContent).toBe('Gerçek veri · gecikmeli (son: 15:42)');
    expect(badge.dataset.source).toBe('stale');
    tap(badge);
    expect((await screen.findByRole('tooltip')).textContent).toContain('Sağlayıcıya şu anda ulaşılamıyor');
  });

  it('says a simulation is not the real market, and which indices are computed', async () => {
    const badge = await renderBadge(simulatedSourceData());
    expect(badge.textContent).toBe('Simülasyon · gerçek piyasa değil');
    tap(badge);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('gerçek fiyatları değildir');
    expect(tip.textContent).toContain('Geçmiş fiyatlar: simülasyon verisi');
    expect(tip.textContent).toContain('3 endeksin değeri sağlayıcıdan değil');
    expect(tip.textContent).not.toMatch(/Gerçek veri|gecikmeli/);
  });

  it('claims no real data when the server has no source route (404)', async () => {
    const badge = await renderBadge(null);
    expect(badge.textContent).toBe('Veri kaynağı bilinmiyor');
    tap(badge);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('gerçek piyasa verisi saymayın');
    expect(`${badge.textContent} ${tip.textContent}`).not.toMatch(/Gerçek veri|gecikmeli|Yahoo/);
  });
});
