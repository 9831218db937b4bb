import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HorizontalBarChart } from './horizontal-bar-chart';

beforeEach(() => {
  // happy-dom lays nothing out: the chart measures 548 × 228 (plot 132…532 px wide, 4…204 px tall).
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 548, height: 228 }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderChart() {
  return render(
    <HorizontalBarChart
      label="Doğruluk"
      valueLabel="Doğruluk"
      bars={[
        { label: 'Gradyan Artırma', value: 75, readout: '%75,00' },
        { label: 'Çok uzun bir algoritma adı burada', value: 50, readout: '%50,00' },
      ]}
      domain={[0, 100]}
      ticks={[0, 25, 50, 75, 100]}
      format={(v) => `%${v}`}
      reference={50}
    />,
  );
}

const bars = () => [...document.querySelectorAll('[data-chart-bar]')];

describe('HorizontalBarChart', () => {
  it('draws each bar from zero to its value on the fixed axis', () => {
    renderChart();
    expect(bars()).toHaveLength(2);
    // 75 of 0…100 over 132…532 px ends at 432; the first band is 4…104, the bar 28 px tall around 54.
    expect(bars()[0]!.getAttribute('d')).toBe(
      'M132 40 L428 40 Q432 40 432 44 L432 64 Q432 68 428 68 L132 68 Z',
    );
    expect(bars()[1]!.getAttribute('d')).toMatch(/^M132 140 L328 140 Q332 140/);
    const reference = document.querySelector('[data-chart-reference]')!;
    expect(reference.getAttribute('x1')).toBe('332');
  });

  it('labels the axis with every tick and cuts a long name, which the table keeps whole', () => {
    renderChart();
    const ticks = [...document.querySelectorAll('[data-chart-xtick]')].map((t) => t.textContent);
    expect(ticks).toEqual(['%0', '%25', '%50', '%75', '%100']);
    const names = [...document.querySelectorAll('[data-chart-category]')].map((t) => t.textContent);
    expect(names[0]).toBe('Gradyan Artırma');
    expect(names[1]).toMatch(/^Çok uzun bir.*…$/);
    const table = screen.getByRole('table', { name: 'Doğruluk' });
    expect(within(table).getAllByRole('rowheader')[1]!.textContent).toBe('Çok uzun bir algoritma adı burada');
  });

  it('picks the bar in the band under the pointer or by the arrow keys', () => {
    renderChart();
    const chart = screen.getByRole('group', { name: 'Doğruluk' });
    fireEvent.pointerMove(chart, { clientX: 200, clientY: 30 });
    expect(screen.getByTestId('chart-readout').textContent).toBe('Gradyan Artırma · %75,00');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-readout').textContent).toBe(
      'Çok uzun bir algoritma adı burada · %50,00',
    );
    fireEvent.pointerMove(chart, { clientX: 200, clientY: 220 });
    expect(screen.getByTestId('chart-readout').textContent).toBe('');
  });
});
