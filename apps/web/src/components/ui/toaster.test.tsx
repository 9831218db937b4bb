import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/toaster';
import '@/lib/i18n';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  // Every toast's timer runs out while the toaster is still there: the next test starts with none.
  act(() => {
    vi.runAllTimers();
  });
  cleanup();
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows the message with its description, errors as alerts, and goes after its duration', () => {
    render(<Toaster />);
    act(() => toast.success('Kaydedildi', { description: 'THYAO izleme listesine eklendi' }));
    expect(screen.getByRole('status').textContent).toContain('Kaydedildi');
    expect(screen.getByText('THYAO izleme listesine eklendi')).toBeTruthy();
    act(() => toast.error('Bağlantı hatası'));
    expect(screen.getByRole('alert').textContent).toContain('Bağlantı hatası');
    act(() => {
      vi.advanceTimersByTime(4_001);
    });
    expect(screen.queryByText('Kaydedildi')).toBeNull();
    expect(screen.queryByText('Bağlantı hatası')).toBeNull();
  });

  it('replaces a toast with the same id in place and keeps at most three', () => {
    render(<Toaster />);
    act(() => toast.info('Yenileniyor', { id: 'refresh' }));
    act(() => toast.success('Veriler yenilendi', { id: 'refresh' }));
    expect(screen.queryByText('Yenileniyor')).toBeNull();
    expect(screen.getAllByText('Veriler yenilendi')).toHaveLength(1);
    act(() => {
      toast.info('bir');
      toast.info('iki');
      toast.info('üç');
    });
    expect(screen.queryByText('Veriler yenilendi')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(3);
  });

  it('waits while the pointer is on it, and the close button removes it', () => {
    render(<Toaster />);
    act(() => toast.info('Bekleyen', { duration: 1_000 }));
    const card = screen.getByRole('status');
    fireEvent.pointerEnter(card);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByText('Bekleyen')).toBeTruthy();
    fireEvent.pointerLeave(card);
    act(() => {
      vi.advanceTimersByTime(1_001);
    });
    expect(screen.queryByText('Bekleyen')).toBeNull();

    act(() => toast.success('Kapatılacak'));
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByText('Kapatılacak')).toBeNull();
  });
});
