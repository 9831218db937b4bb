import type { Plugin } from 'vite';

/** The font file every page's text uses (src/fonts.css); preloaded so it arrives with the CSS, not after it. */
const LATIN_FONT = /inter-latin-wght-normal-[\w-]+\.woff2$/;

/** Adds `<link rel="preload" as="font">` for the built Latin font to index.html (and so to the static landing). */
export function preloadFont(): Plugin {
  return {
    name: 'bist-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && LATIN_FONT.test(file.fileName),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
