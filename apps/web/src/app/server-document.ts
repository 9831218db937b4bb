import { SERVER_DATA_ID, type ServerRenderedData } from '@/app/first-visit-data';
import { fillDocument } from '@/lib/html-document';

/**
 * A server-rendered page's document: the app's index.html (`template`, with an empty #root) with the page's markup
 * in #root, marked `data-server-rendered` (theme-init.mjs and main.tsx look for it), its title, and the data it was
 * rendered from as a JSON data block after #root (not run: the Content-Security-Policy allows no inline script;
 * main.tsx reads it). Every '<' in the JSON is written \u003c, so no string in the data can close the element.
 * The markup is `inert` (in a `display: contents` wrapper, index.css) until the app's first render replaces it: its
 * buttons and fields would do nothing before, and what was typed into them would be lost.
 */
export function serverDocument(
  template: string,
  page: { html: string; title: string },
  data: ServerRenderedData,
): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return fillDocument(
    template,
    page.title,
    `<div id="root" data-server-rendered><div data-server-page inert>${page.html}</div></div>\n    <script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`,
  );
}
