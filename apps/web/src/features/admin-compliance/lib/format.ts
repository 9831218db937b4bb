/** A missing figure is a dash, never a made-up number. */
export const DASH = '—';

/** '25 Nov 2026, 11:45' in the staff member's time zone; a dash when missing. */
export function when(iso: string | null | undefined): string {
  if (!iso) return DASH;
  return new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** An evidence figure as shown: fractions (keys ending in _fraction) as percent, numbers grouped, text as is. */
export function evidenceFigure(key: string, value: number | string | boolean | null): string {
  if (value === null) return DASH;
  if (typeof value === 'number' && key.endsWith('_fraction')) return `${(value * 100).toFixed(2)}%`;
  if (typeof value === 'number') return value.toLocaleString('en-GB', { maximumFractionDigits: 4 });
  return String(value);
}

/** Severity badge colours: critical and high red, medium amber-ish (secondary), low muted. */
export function severityVariant(severity: string): 'down' | 'secondary' | 'neutral' | 'destructive' {
  if (severity === 'critical') return 'destructive';
  if (severity === 'high') return 'down';
  if (severity === 'medium') return 'secondary';
  return 'neutral';
}
