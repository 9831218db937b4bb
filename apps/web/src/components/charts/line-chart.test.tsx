import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LineChart, type LineChartProps } from './line-chart';

const WIDTH = 664;
const HEIGHT = 300;

beforeEach(() => {
  // happy-dom lays nothing out: the chart measures 664 × 300.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: WIDTH, height: HEIGHT }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const LABELS = ['01 Eki', '02 Eki', '03 Eki', '04 Eki', '05 Eki'];

function renderChart(props: Partial<LineChartProps> = {}) {
  return render(
    <LineChart
      label="Performans"
      labels={LABELS}
      series={[
        { id: 'portfolio', name: 'Portföy', values: [0, 1, 2, 3, 4], color: 'red' },
        { id: 'benchmark', name: 'XU100', values: [0, null, 1, 2, null], color: 'blue', dashed: true },
      ]}
      yDomain={[0, 4]}
      yFormat={(v) => `%${v}`}
      valueFormat={(v) => `%${v},0`}
      {...props}
    />,
  );
}

const line = (id: string) => document.querySelector(`[data-chart-line="${id}"]`)!;
const readout = () => screen.getByTestId('chart-readout');

describe('LineChart', () => {
  it('draws a line per series, broken where a value is missing, dashed when asked', () => {
    renderChart();
    expect(line('portfolio').getAttribute('d')!.match(/M/g)).toHaveLength(1);
    expect(line('benchmark').getAttribute('d')!.match(/M/g)).toHaveLength(2);
    expect(line('benchmark').getAttribute('stroke-dasharray')).toBe('5 4');
    expect(line('portfolio').getAttribute('stroke-dasharray')).toBeNull();
  });

  it('joins across missing values with connectNulls', () => {
    renderChart({
      series: [{ id: 'b', name: 'B', values: [0, null, 1, 2, null], color: 'blue', connectNulls: true }],
    });
    expect(line('b').getAttribute('d')!.match(/M/g)).toHaveLength(1);
    expect(line('b').getAttribute('d')!.match(/L/g)).toHaveLength(2);
  });

  it('spans the plot: the first point at the y axis, the last at the right margin, the value scaled', () => {
    renderChart();
    // Plot 64…648 px wide, 8…276 px tall; 0 → 276, 4 → 8.
    expect(line('portfolio').getAttribute('d')).toBe('M64 276 L210 209 L356 142 L502 75 L648 8');
  });

  it('labels the y axis with round formatted ticks and keeps the x labels apart', () => {
    renderChart();
    const yTicks = [...document.querySelectorAll('[data-chart-ytick]')].map((t) => t.textContent);
    expect(yTicks[0]).toBe('%0');
    expect(yTicks.at(-1)).toBe('%4');
    const xTicks = [...document.querySelectorAll('[data-chart-xtick]')].map((t) => t.textContent);
    expect(xTicks).toEqual(LABELS);
  });

  it('puts round ticks on a numeric x axis', () => {
    renderChart({ x: [0.1, 0.15, 0.2, 0.25, 0.3], xFormat: (v) => `x${v}` });
    const xTicks = [...document.querySelectorAll('[data-chart-xtick]')].map((t) => t.textContent);
    expect(xTicks).toContain('x0.1');
    expect(xTicks).toContain('x0.3');
    expect(new Set(xTicks).size).toBe(xTicks.length);
  });

  it('is one focusable group; the keys move a readout of every series at the point', () => {
    renderChart();
    const chart = screen.getByRole('group', { name: 'Performans' });
    expect(chart.getAttribute('tabindex')).toBe('0');
    fireEvent.focus(chart);
    expect(readout().textContent).toBe('05 EkiPortföy: %4,0');
    expect(readout().textContent).not.toContain('XU100');
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(readout().textContent).toBe('04 EkiPortföy: %3,0XU100: %2,0');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(readout().textContent).toContain('01 Eki');
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(readout().textContent).toBe('');
  });

  it('follows the pointer to the nearest point', () => {
    renderChart();
    const chart = screen.getByRole('group', { name: 'Performans' });
    fireEvent.pointerMove(chart, { clientX: 220, clientY: 100 });
    expect(readout().textContent).toBe('02 EkiPortföy: %1,0');
    fireEvent.pointerLeave(chart);
    expect(readout().textContent).toBe('');
  });

  it('uses the page readout when given', () => {
    renderChart({ readout: (i) => <span data-testid="own">gün {i}</span> });
    fireEvent.focus(screen.getByRole('group', { name: 'Performans' }));
    expect(screen.getByTestId('own').textContent).toContain('gün 4');
  });

  it('marks single points and lists every point in a hidden table, a dash where a series has none', () => {
    renderChart({ markers: [{ id: 'flow', index: 2, value: 2, color: 'green' }], legend: true });
    const markers = document.querySelectorAll('[data-chart-marker="flow"]');
    expect(markers).toHaveLength(1);
    expect(markers[0]!.getAttribute('cx')).toBe('356');
    const table = screen.getByRole('table', { name: 'Performans' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Portföy', 'XU100']);
    const second = within(table).getByRole('rowheader', { name: '02 Eki' }).closest('tr')!;
    expect(second.textContent).toContain('02 Eki%1,0---');
    const legend = document.querySelector('[data-chart-legend]')!;
    expect(legend.textContent).toContain('PortföyXU100');
  });
});
