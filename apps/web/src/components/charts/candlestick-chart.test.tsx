import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '@bist/contracts';
import { CandlestickChart } from './candlestick-chart';

/** 60 business days from 2 Nov 2026 (weekends skipped), closes rising by 1 from 100. */
function candles(n = 60): Candle[] {
  const out: Candle[] = [];
  for (let day = 0; out.length < n; day++) {
    const date = new Date(Date.UTC(2026, 10, 2 + day));
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const close = 100 + out.length;
    out.push({
      time: date.toISOString().slice(0, 10),
      open: close - 0.5,
      high: close + 1,
      low: close - 1,
      close,
      volume: 1_000_000,
    });
  }
  return out;
}

const LABELS = { open: 'A', high: 'Y', low: 'D', close: 'K', volume: 'Hacim' };
const WIDTH = 660;

beforeEach(() => {
  // happy-dom lays nothing out: the plot measures 660 × 480.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: WIDTH, height: 480 }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderChart(data = candles()) {
  return render(
    <CandlestickChart
      candles={data}
      label="THYAO mum grafiği"
      summarize={(r) => `${r.from} – ${r.to}; en düşük ${r.low}, en yüksek ${r.high}, son kapanış ${r.close}`}
      readoutLabels={LABELS}
    />,
  );
}

const readoutDate = () => within(screen.getByTestId('candle-readout')).getAllByText(/\d{4}$/)[0]!.textContent;
const inView = () => Number(screen.getByTestId('candle-chart').getAttribute('data-candles'));

describe('CandlestickChart', () => {
  it('is a picture named by its range inside one focusable element', () => {
    renderChart();
    const img = screen.getByRole('img', {
      name: 'THYAO mum grafiği: 02 Kas 2026 – 22 Oca 2027; en düşük 99,00, en yüksek 160,00, son kapanış 159,00',
    });
    expect(img.querySelectorAll('[tabindex], a, button, input')).toHaveLength(0);
    const plot = screen.getByRole('group', { name: 'THYAO mum grafiği' });
    expect(plot.tabIndex).toBe(0);
    expect(plot.contains(img)).toBe(true);
    expect(plot.getAttribute('aria-describedby')).toBe(screen.getByTestId('candle-readout').id);
    expect(inView()).toBe(60);
    expect(img.querySelector('[data-chart-candles="up"]')?.getAttribute('d')?.split('M')).toHaveLength(121);
  });

  it('reads out the latest candle, the one under the pointer, and the latest again when the pointer leaves', () => {
    renderChart();
    const readout = screen.getByTestId('candle-readout');
    expect(readoutDate()).toBe('22 Oca 2027');
    expect(readout.textContent).toContain('K159,00');
    expect(readout.textContent).toContain('+%0,63');
    expect(readout.textContent).toContain('Hacim1,0 Mn');
    const plot = screen.getByRole('group');
    // 60 candles and 3 empty slots over the plot (660 px less the axis): x 5 is the first candle.
    fireEvent.pointerMove(plot, { clientX: 5, clientY: 100, pointerType: 'mouse' });
    expect(readoutDate()).toBe('02 Kas 2026');
    expect(readout.textContent).toContain('---');
    expect(screen.getByTestId('candle-chart').querySelector('[data-chart-time]')?.textContent).toBe(
      '02 Kas 2026',
    );
    fireEvent.pointerLeave(plot, { pointerType: 'mouse' });
    expect(readoutDate()).toBe('22 Oca 2027');
  });

  it('steps through the candles with the arrow keys and says which one it is on', () => {
    renderChart();
    const plot = screen.getByRole('group');
    const announcement = screen.getByTestId('candle-announcement');
    expect(announcement.textContent).toBe('');
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readoutDate()).toBe('21 Oca 2027');
    expect(announcement.textContent).toBe(
      '21 Oca 2027, A 157,50, Y 159,00, D 157,00, K 158,00, Hacim 1,0 Mn, +%0,64',
    );
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(readoutDate()).toBe('02 Kas 2026');
    fireEvent.keyDown(plot, { key: 'Escape' });
    expect(readoutDate()).toBe('22 Oca 2027');
    expect(announcement.textContent).toBe('');
  });

  it('zooms with the wheel and the keys, pans with a drag, and shows every candle on a double click', () => {
    renderChart();
    const plot = screen.getByRole('group');
    const wheel = new WheelEvent('wheel', { deltaY: -300, bubbles: true, cancelable: true });
    // happy-dom's WheelEvent has no pointer position: the wheel turns over x 300.
    Object.defineProperty(wheel, 'clientX', { value: 300 });
    act(() => {
      plot.dispatchEvent(wheel);
    });
    expect(wheel.defaultPrevented).toBe(true);
    const zoomed = inView();
    expect(zoomed).toBeLessThan(40);
    const name = screen.getByTestId('candle-chart').getAttribute('aria-label');
    // Dragging to the right brings earlier candles into view.
    fireEvent.pointerDown(plot, {
      pointerId: 1,
      clientX: 300,
      clientY: 100,
      button: 0,
      pointerType: 'mouse',
    });
    fireEvent.pointerMove(plot, { pointerId: 1, clientX: 500, clientY: 100, pointerType: 'mouse' });
    fireEvent.pointerUp(plot, { pointerId: 1, clientX: 500, clientY: 100, pointerType: 'mouse' });
    expect(screen.getByTestId('candle-chart').getAttribute('aria-label')).not.toBe(name);
    fireEvent.doubleClick(plot);
    expect(inView()).toBe(60);
    fireEvent.keyDown(plot, { key: '+' });
    expect(inView()).toBeLessThan(60);
    fireEvent.keyDown(plot, { key: '-' });
    expect(inView()).toBe(60);
  });

  it('keeps a zoomed view on the latest candle when a live candle arrives', () => {
    const data = candles(61);
    const { rerender } = renderChart(data.slice(0, 60));
    const plot = screen.getByRole('group');
    fireEvent.keyDown(plot, { key: '+' });
    fireEvent.keyDown(plot, { key: '+' });
    const zoomed = inView();
    rerender(
      <CandlestickChart
        candles={data}
        label="THYAO mum grafiği"
        summarize={(r) => `${r.from} – ${r.to}`}
        readoutLabels={LABELS}
      />,
    );
    expect(inView()).toBe(zoomed);
    expect(screen.getByTestId('candle-chart').getAttribute('aria-label')).toMatch(/– 25 Oca 2027$/);
  });
});
