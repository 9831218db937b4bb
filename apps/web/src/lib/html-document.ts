// The app's index.html as the build writes it, and the one edit every page made outside the browser makes to it
// (the prerendered pages, build/prerender-pages.ts; the server-rendered ones, app/server-document.ts). No imports:
// the build's Vite plugins load this file too.

/** index.html's #root, empty as Vite writes it. */
export const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `html` with `title` (escaped) in its <title> and `root` (markup, inserted as it is) in place of its empty #root.
 * Throws when the document has no empty #root or no <title>.
 */
export function fillDocument(html: string, title: string, root: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error('the document has no empty #root');
  if (!TITLE.test(html)) throw new Error('the document has no <title>');
  // Replacer functions: a '$' in the title or the markup is text, not a replacement pattern.
  return html.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`).replace(EMPTY_ROOT, () => root);
}
