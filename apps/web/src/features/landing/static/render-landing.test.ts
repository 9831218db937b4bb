import { describe, expect, it } from 'vitest';
import { render } from './render-landing';

describe('render (landing)', () => {
  const { html, title } = render();

  it('renders the Turkish landing page with its links and sections as plain HTML', () => {
    expect(title).toBe('Borsa İstanbul için yapay zekâ destekli analiz · BIST AI');
    expect(html).toContain('Borsa İstanbul&#x27;u yapay zekâ ile analiz edin');
    expect(html).toContain('href="/login"');
    expect(html).toContain('id="ozellikler"');
  });
  it('leaves the figures as placeholders for the landing script, with the words it needs', () => {
    expect(html).toContain('data-testid="stat-stocks"');
    expect(html).toContain('data-uptime-label="Çalışma Süresi"');
    expect(html).toMatch(/data-unavailable="[^"]+"/);
    expect(html).toContain('data-theme-toggle=""');
  });
  it('claims nothing about the feed in its static words: no real time, and the source line hidden for the script', () => {
    const visible = html.replace(/<[^>]*>/g, ' ');
    expect(visible.toLocaleLowerCase('tr')).not.toMatch(/gerçek zaman|anlık|canlı fiyat/);
    expect(html).toMatch(/<p[^>]*data-testid="landing-source"[^>]*hidden=""/);
    expect(html).toContain('data-simulated="Bu sunucu şu anda simülasyon verisi gösteriyor');
    expect(html).toContain('data-real="Piyasa verileri {{provider}} üzerinden, borsanın {{delay}} dakika');
  });
});
