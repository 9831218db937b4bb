/** Slice colours of the allocation pie (distinct in both themes); the cash slice takes the neutral token. */
const PALETTE = [
  '#2563eb',
  '#16a34a',
  '#f59e0b',
  '#db2777',
  '#0891b2',
  '#7c3aed',
  '#ea580c',
  '#65a30d',
  '#0d9488',
  '#be123c',
];

export function sliceColor(index: number, isCash: boolean, cashColor: string): string {
  return isCash ? cashColor : (PALETTE[index % PALETTE.length] ?? '#2563eb');
}
