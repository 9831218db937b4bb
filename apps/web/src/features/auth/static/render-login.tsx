import { LoginPage } from '@/features/auth/components/login-page';
import { i18n } from '@/lib/i18n';
import { renderStaticPage } from '@/lib/render-static';

/**
 * The sign-in page as HTML, rendered at build time (build/prerender-pages.ts) in Turkish: the demo note is there,
 * hidden, and the words login-static.ts needs are data-* attributes of the form.
 */
export function render(): { html: string; title: string } {
  return { html: renderStaticPage('/login', <LoginPage />), title: `${i18n.t('login.title')} · BIST AI` };
}
