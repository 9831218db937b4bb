import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SvgChart } from './svg-chart';

beforeEach(() => {
  // happy-dom lays nothing out: the chart measures 372 × 200 (plot 64…364 px, three 100 px bands).
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 372, height: 200 }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const POINTS = [
  { label: '11-01', value: 10, readout: '₺10,00' },
  { label: '11-02', value: 20, readout: '₺20,00' },
  { label: '11-03', value: 0, readout: '₺0,00' },
];

describe('SvgChart bars', () => {
  it('draws a bar per point; a click or Enter selects the day', () => {
    const onSelect = vi.fn();
    render(
      <SvgChart
        kind="bar"
        points={POINTS}
        label="Gelir"
        valueLabel="Gelir"
        yDomain={[0, 20]}
        yFormat={String}
        onSelect={onSelect}
      />,
    );
    const bars = [...document.querySelectorAll('[data-chart-bar]')];
    expect(bars.map((b) => b.getAttribute('d') === '')).toEqual([false, false, true]);
    const chart = screen.getByRole('group', { name: 'Gelir' });
    fireEvent.click(chart, { clientX: 170, clientY: 100 });
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.focus(chart);
    fireEvent.keyDown(chart, { key: 'Home' });
    fireEvent.keyDown(chart, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(0);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('is not clickable without a drill-down', () => {
    render(
      <SvgChart
        kind="bar"
        points={POINTS}
        label="Gelir"
        valueLabel="Gelir"
        yDomain={[0, 20]}
        yFormat={String}
      />,
    );
    const chart = screen.getByRole('group', { name: 'Gelir' });
    expect(chart.className).not.toContain('cursor-pointer');
    fireEvent.focus(chart);
    fireEvent.keyDown(chart, { key: 'Enter' });
    expect(screen.getByTestId('chart-readout').textContent).toBe('11-03 · ₺0,00');
  });
});
