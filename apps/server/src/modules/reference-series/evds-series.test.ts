import { describe, expect, it } from 'vitest';
import { evdsPeriod, parseAnswer, EvdsError } from './evds-client.ts';
import { linkCpi } from './evds-series.ts';

describe('reading an EVDS answer', () => {
  it('reads Tarih as a month (YYYY-M or YYYY-MM, on its first day) or a day (dd-mm-yyyy), and refuses anything else', () => {
    expect(evdsPeriod('2025-1')).toBe('2025-01-01');
    expect(evdsPeriod('2025-10')).toBe('2025-10-01');
    expect(evdsPeriod('03-11-2026')).toBe('2026-11-03');
    expect(evdsPeriod('31-02-2026')).toBeNull();
    expect(evdsPeriod('2026-13')).toBeNull();
    expect(evdsPeriod('2026-11-03')).toBeNull();
    expect(evdsPeriod(null)).toBeNull();
  });

  it('reads values under the code with underscores; null, empty and unreadable values are no value', () => {
    const rows = parseAnswer(
      {
        totalCount: 3,
        items: [
          { Tarih: '04-11-2026', TP_DK_USD_A_YTL: '42.0711', UNIXTIME: { $numberLong: '1' } },
          { Tarih: '01-11-2026', TP_DK_USD_A_YTL: null },
          { Tarih: '02-11-2026', TP_DK_USD_A_YTL: '' },
          { Tarih: '03-11-2026', TP_DK_USD_A_YTL: 'n/a' },
        ],
      },
      ['TP.DK.USD.A.YTL'],
    );
    expect(rows).toEqual([
      { date: '2026-11-01', values: { 'TP.DK.USD.A.YTL': null } },
      { date: '2026-11-02', values: { 'TP.DK.USD.A.YTL': null } },
      { date: '2026-11-03', values: { 'TP.DK.USD.A.YTL': null } },
      { date: '2026-11-04', values: { 'TP.DK.USD.A.YTL': 42.0711 } },
    ]);
  });

  it('refuses an answer without items or with an unreadable date', () => {
    expect(() => parseAnswer('<html>', ['TP.FG.J0'])).toThrow(EvdsError);
    expect(() => parseAnswer({ items: [{ Tarih: 'Ekim 2025' }] }, ['TP.FG.J0'])).toThrow(
      "TCMB EVDS answered an unreadable date 'Ekim 2025'",
    );
  });
});

describe('linking the 2025=100 CPI onto 2003=100', () => {
  const month = (m: string, fg: number | null, cur: number | null) => ({
    date: `${m}-01`,
    values: { 'TP.FG.J0': fg, 'TP.TUKFIY2025.GENEL': cur },
  });

  it("at the latest month the answer has both: TP.FG.J0's own values, then the new series' changes", () => {
    // 2026-01: 3600 on 2003=100 and 120 on 2025=100 → factor 30; February's 123 is 3690.
    const linked = linkCpi(
      [month('2025-12', 3500, 117), month('2026-01', 3600, 120), month('2026-02', null, 123)],
      [],
    );
    expect(linked.link).toEqual({ month: '2026-01', factor: 30, from: 'TP.FG.J0' });
    expect(linked.values).toEqual([
      { date: '2025-12-01', value: 3500 },
      { date: '2026-01-01', value: 3600 },
      { date: '2026-02-01', value: 3690 },
    ]);
    expect(linked.unlinked).toEqual([]);
  });

  it('without TP.FG.J0 in the answer, at the latest stored month the new series carries; with neither, nothing is stored', () => {
    const answer = [month('2026-09', null, 130), month('2026-10', null, 132.6)];
    const linked = linkCpi(answer, [{ date: '2026-09-01', value: 3900 }]);
    expect(linked.link).toEqual({ month: '2026-09', factor: 30, from: 'stored' });
    // 2026-09 is re-stated from the new series at the same factor: unchanged.
    expect(linked.values.map((v) => [v.date, Math.round(v.value * 100) / 100])).toEqual([
      ['2026-09-01', 3900],
      ['2026-10-01', 3978],
    ]);
    const none = linkCpi(answer, [{ date: '2026-01-01', value: 3600 }]);
    expect(none.values).toEqual([]);
    expect(none.unlinked).toEqual(['2026-09', '2026-10']);
  });
});
