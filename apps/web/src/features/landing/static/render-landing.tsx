import { LandingPage } from '@/features/landing/components/landing-page';
import { i18n } from '@/lib/i18n';
import { renderStaticPage } from '@/lib/render-static';

/**
 * The landing page as HTML, rendered at build time (build/prerender-pages.ts) in Turkish: the figures are
 * skeletons here and landing-static.ts fills them after load.
 */
export function render(): { html: string; title: string } {
  return { html: renderStaticPage('/', <LandingPage />), title: `${i18n.t('app.tagline')} · BIST AI` };
}
