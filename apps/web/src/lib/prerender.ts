import { createContext, useContext } from 'react';

/**
 * True while a page is rendered to static HTML at build time (build/prerender-pages.ts): the page then renders the
 * parts its small static script shows later (hidden), and the words that script needs, as data attributes.
 */
export const PrerenderContext = createContext(false);

export function usePrerender(): boolean {
  return useContext(PrerenderContext);
}
