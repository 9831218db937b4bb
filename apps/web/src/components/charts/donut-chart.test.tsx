import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DonutChart, type DonutSlice } from './donut-chart';

beforeEach(() => {
  // happy-dom lays nothing out: the chart measures 200 × 200 (centre 100, 100; ring 55…85 px).
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 200 }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SLICES: DonutSlice[] = [
  { label: 'THYAO', value: 50, color: 'red', readout: '₺50,00 (%50,0)' },
  { label: 'ASELS', value: 25, color: 'green', readout: '₺25,00 (%25,0)' },
  { label: 'Nakit', value: 25, color: 'grey', readout: '₺25,00 (%25,0)' },
];

function renderChart(slices = SLICES) {
  return render(<DonutChart slices={slices} label="Varlık Dağılımı" valueLabel="Değer" />);
}

const slice = (name: string) => document.querySelector(`[data-chart-slice="${name}"]`)!;
const readout = () => screen.getByTestId('chart-readout').textContent;

describe('DonutChart', () => {
  it('draws a slice per value in its colour, in proportion, clockwise from the top', () => {
    renderChart();
    expect(slice('THYAO').getAttribute('fill')).toBe('red');
    // Half the ring (less the padding): from the top round to the bottom, on the large-arc side of neither.
    expect(slice('THYAO').getAttribute('d')).toMatch(/^M100\.\d+ 15 A85 85 0 0 1 100\.\d+ 185 L/);
    expect(slice('ASELS').getAttribute('d')).toMatch(/^M99\.\d+ 185 A85 85 0 0 1 15 100\.\d+ L/);
  });

  it('picks the slice under the pointer, and none in the hole', () => {
    renderChart();
    const chart = screen.getByRole('group', { name: 'Varlık Dağılımı' });
    fireEvent.pointerMove(chart, { clientX: 170, clientY: 100 });
    expect(readout()).toBe('THYAO · ₺50,00 (%50,0)');
    fireEvent.pointerMove(chart, { clientX: 30, clientY: 60 });
    expect(readout()).toBe('Nakit · ₺25,00 (%25,0)');
    fireEvent.pointerMove(chart, { clientX: 110, clientY: 90 });
    expect(readout()).toBe('');
  });

  it('raises the picked slice, and the arrow keys walk the slices', () => {
    renderChart();
    const chart = screen.getByRole('group', { name: 'Varlık Dağılımı' });
    fireEvent.focus(chart);
    expect(readout()).toBe('Nakit · ₺25,00 (%25,0)');
    expect(slice('Nakit').getAttribute('d')).toContain('A89 89');
    expect(slice('THYAO').getAttribute('d')).toContain('A85 85');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(readout()).toBe('THYAO · ₺50,00 (%50,0)');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(readout()).toBe('ASELS · ₺25,00 (%25,0)');
  });

  it('draws a lone slice as a whole ring and lists the slices in a hidden table', () => {
    renderChart([SLICES[2]!]);
    expect(slice('Nakit').getAttribute('d')!.match(/M/g)).toHaveLength(2);
    cleanup();
    renderChart();
    const table = screen.getByRole('table', { name: 'Varlık Dağılımı' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['THYAO', 'ASELS', 'Nakit']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('₺50,00 (%50,0)');
  });

  it('prints captions beside the slices when given, leaving room for them', () => {
    renderChart(SLICES.map((s) => ({ ...s, caption: `${s.label} ${s.value}%` })));
    const captions = [...document.querySelectorAll('[data-chart-caption]')].map((c) => c.textContent);
    expect(captions).toEqual(['THYAO 50%', 'ASELS 25%', 'Nakit 25%']);
    // (200 / 2 − 28) × 0.85 = 61.2
    expect(slice('THYAO').getAttribute('d')).toContain('A61.2 61.2');
  });
});
