/**
 * Loads the app itself over a page that painted without it (a prerendered page, a server-rendered one): its entry
 * and the modules the entry imports are named in meta tags by build/prerender-pages.ts; the modules are asked for
 * together (as index.html's modulepreload links would) instead of one level of imports after another.
 */
export function loadApp(): void {
  const entry = document.querySelector<HTMLMetaElement>('meta[name="bist-app-entry"]')?.content;
  if (!entry) return;
  const modules = document.querySelector<HTMLMetaElement>('meta[name="bist-app-modules"]')?.content ?? '';
  for (const href of modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}
