import { LoadingSplash } from '@/components/loading-splash';
import { renderStaticPage } from '@/lib/render-static';

/**
 * The app's loading splash (logo and spinner, no words: it serves both realms) as HTML for dist/index.html, written
 * at build time (build/prerender-pages.ts): a page of the app paints it at once instead of a blank screen while its
 * JavaScript loads; React replaces it on its first render.
 */
export function render(): { html: string } {
  return { html: renderStaticPage('/', <LoadingSplash label="" />) };
}
