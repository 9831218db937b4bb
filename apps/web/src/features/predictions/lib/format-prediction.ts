/** '2026-11-20' → '20.11' for chart axes. */
export function formatShortDate(value: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}.${match[1]}` : value;
}
