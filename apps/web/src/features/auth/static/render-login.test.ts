import { describe, expect, it } from 'vitest';
import { render } from './render-login';

describe('render (login)', () => {
  const { html, title } = render();

  it('renders the Turkish sign-in form as plain HTML, with its labels and a link home', () => {
    expect(title).toBe('Giriş Yap · BIST AI');
    expect(html).toContain('<main');
    expect(html).toMatch(/<h1[^>]*>Giriş Yap<\/h1>/);
    expect(html).toContain('for="email"');
    expect(html).toContain('for="password"');
    expect(html).toContain('href="/"');
  });
  it('carries what login-static.ts needs: the words, the hidden demo note, both password icons', () => {
    expect(html).toContain('data-login-form=""');
    expect(html).toMatch(/data-network="[^"]+"/);
    expect(html).toContain('data-invalid-credentials="Lütfen geçerli bilgiler girin"');
    expect(html).toMatch(/<p hidden=""[^>]*data-testid="demo-note"/);
    expect(html).toContain('data-submitting=');
    expect(html).toContain('data-show-label="Göster"');
    expect(html).toContain('data-theme-toggle=""');
  });
});
