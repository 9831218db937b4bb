import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** The static landing page's own script: an extra build entry (no React), see src/features/landing/static. */
const LANDING_ENTRY = 'src/features/landing/static/landing-static.ts';
const LANDING_ENTRY_NAME = 'landing-static';

/**
 * Writes dist/landing.html at build time: the landing page rendered to HTML with react-dom/server (Turkish, light
 * theme markup; the `dark` class set by theme-init.mjs restyles it), the built CSS, and instead of the app's
 * bundle only the landing's small script. The server sends it for '/' (apps/server/src/plugins/web.ts), so the
 * page paints without JavaScript; the app loads when the visitor goes on (/login is a normal link). The app's
 * entry is named in a meta tag for landing-static.ts (an investor who chose English gets the app's landing).
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  let landingScript = '';
  return {
    name: 'bist:prerender-landing',
    apply: 'build',
    config(userConfig) {
      const root = userConfig.root ?? process.cwd();
      return {
        build: {
          rolldownOptions: {
            input: {
              index: path.resolve(root, 'index.html'),
              [LANDING_ENTRY_NAME]: path.resolve(root, LANDING_ENTRY),
            },
          },
        },
      };
    },
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.name === LANDING_ENTRY_NAME,
      );
      if (!chunk) this.error(`the ${LANDING_ENTRY} entry is missing from the bundle`);
      landingScript = `/${chunk.fileName}`;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { html, title } = await renderLandingMarkup(config);
      fs.writeFileSync(
        path.join(outDir, 'landing.html'),
        landingDocument(indexHtml, html, title, landingScript),
      );
    },
  };
}

/** Loads src/features/landing/static/render-landing.tsx through Vite's SSR loader (same aliases and JSX). */
async function renderLandingMarkup(config: ResolvedConfig): Promise<{ html: string; title: string }> {
  const server = await createServer({
    configFile: false,
    root: config.root,
    logLevel: 'error',
    resolve: { alias: config.resolve.alias },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/features/landing/static/render-landing.tsx')) as {
      renderLanding: () => { html: string; title: string };
    };
    return mod.renderLanding();
  } finally {
    await server.close();
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html turned into the static landing: the markup inside #root, the title, the app's module script and
 * preloads removed (its URL kept in a meta tag), the landing script added. Exported for the unit test.
 */
export function landingDocument(
  indexHtml: string,
  markup: string,
  title: string,
  landingScript: string,
): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module entry script');
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  return indexHtml
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      '</head>',
      `  <meta name="bist-app-entry" content="${entry[1]}" />\n    <script type="module" crossorigin src="${landingScript}"></script>\n  </head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}
