import { describe, expect, it } from 'vitest';
import { foldTurkish } from './text.ts';

describe('foldTurkish', () => {
  it('folds dotted and dotless i of both cases to i', () => {
    expect(foldTurkish('İIıi')).toBe('iiii');
  });
  it('folds the other Turkish letters and lower-cases', () => {
    expect(foldTurkish('ŞĞÜÖÇ şğüöç')).toBe('sguoc sguoc');
    expect(foldTurkish('Kâğıt')).toBe('kagit');
  });
  it("lets 'ısı', 'ISI' and 'İş' all find a Işıklar-type name", () => {
    const name = foldTurkish('Işıklar Enerji Yapı Holding');
    for (const query of ['ısı', 'ISI', 'İş', 'işık']) expect(name).toContain(foldTurkish(query));
  });
  it('does not match unrelated text', () => {
    expect(foldTurkish('Garanti Bankası')).not.toContain(foldTurkish('ısı'));
  });
});
