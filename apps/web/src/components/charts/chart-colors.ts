import { useMemo, useSyncExternalStore } from 'react';

/** The design tokens the charts paint with, read from the CSS variables of the current theme. */
export interface ChartColors {
  up: string;
  down: string;
  neutral: string;
  primary: string;
  foreground: string;
  muted: string;
  border: string;
  card: string;
  background: string;
}

const TOKENS: Record<keyof ChartColors, string> = {
  up: '--up',
  down: '--down',
  neutral: '--neutral',
  primary: '--primary',
  foreground: '--foreground',
  muted: '--muted-foreground',
  border: '--border',
  card: '--card',
  background: '--background',
};

let probe: CanvasRenderingContext2D | null | undefined;

/**
 * Canvas libraries do not all understand oklch(); a 1×1 canvas turns any CSS colour into rgb()/rgba().
 * Without a canvas (tests) the value is returned as it is.
 */
export function toRgb(color: string): string {
  if (probe === undefined) {
    try {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      probe = canvas.getContext('2d', { willReadFrequently: true });
    } catch {
      probe = null;
    }
  }
  if (!probe || !color) return color;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#000';
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 255] = probe.getImageData(0, 0, 1, 1).data;
  return a === 255 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(3)})`;
}

/** The red, green and blue of an rgb()/rgba() colour; null for anything else. */
function rgbParts(rgb: string): [number, number, number] | null {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Adds transparency to an rgb() colour: withAlpha('rgb(1, 2, 3)', 0.3) → 'rgba(1, 2, 3, 0.3)'. */
export function withAlpha(rgb: string, alpha: number): string {
  const parts = rgbParts(rgb);
  if (!parts) return rgb;
  return `rgba(${parts[0]}, ${parts[1]}, ${parts[2]}, ${alpha})`;
}

/** Black or white text, whichever reads better on an rgb() background (the axis labels on coloured boxes). */
export function textOn(rgb: string): string {
  const parts = rgbParts(rgb);
  if (!parts) return '#fff';
  const luma = (0.299 * parts[0] + 0.587 * parts[1] + 0.114 * parts[2]) / 255;
  return luma > 0.6 ? '#000' : '#fff';
}

export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const out = {} as ChartColors;
  for (const [key, variable] of Object.entries(TOKENS) as [keyof ChartColors, string][]) {
    out[key] = toRgb(style.getPropertyValue(variable).trim());
  }
  return out;
}

function subscribeToThemeClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

/** Chart colours that follow the light/dark theme (re-read once the `dark` class on <html> has changed). */
export function useChartColors(): ChartColors {
  const dark = useSyncExternalStore(subscribeToThemeClass, isDark, () => false);
  return useMemo(() => {
    void dark;
    return readChartColors();
  }, [dark]);
}
