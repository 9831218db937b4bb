import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { EMPTY_ROOT, fillDocument } from '../src/lib/html-document.ts';
import { SERVER_DIR, SERVER_TEMPLATE } from './server-pages.ts';

/**
 * The pages prerendered at build time: each is rendered to HTML with react-dom/server (Turkish, light-theme markup;
 * the `dark` class set by theme-init.mjs restyles it) and gets, instead of the app's bundle, only its own small
 * script (an extra build entry, no React). The build lists them in dist/prerendered.json (path → file) and the
 * server sends the file for a GET of the path (apps/server/src/plugins/web.ts), so the page paints without JavaScript; the app loads when the visitor goes on.
 */
export const PRERENDERED_PAGES = [
  {
    name: 'landing',
    path: '/',
    file: 'landing.html',
    script: 'src/features/landing/static/landing-static.ts',
    render: '/src/features/landing/static/render-landing.tsx',
  },
  {
    name: 'login',
    path: '/login',
    file: 'login.html',
    script: 'src/features/auth/static/login-static.ts',
    render: '/src/features/auth/static/render-login.tsx',
  },
] as const;

/** The script of the pages the server renders (its template's only script): loads the app after the first paint. */
const SERVER_PAGE_START = { name: 'server-page-start', script: 'src/app/server-page-start.ts' } as const;

/** The loading splash every other page of the app paints while its JavaScript loads (inside index.html's #root). */
const SPLASH_RENDER = '/src/app/render-splash.tsx';

/** dist/prerendered.json: which file the server sends for which path. */
const PRERENDERED_MANIFEST = 'prerendered.json';

const entryName = (page: (typeof PRERENDERED_PAGES)[number]) => `${page.name}-static`;

/**
 * Writes dist/<page>.html for every prerendered page: the markup, the built CSS and the page's script; the app's
 * entry is named in a meta tag for the script (an investor who chose English gets the app's page).
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  const scripts = new Map<string, string>();
  return {
    name: 'bist:prerender-pages',
    apply: 'build',
    config(userConfig) {
      const root = userConfig.root ?? process.cwd();
      const input: Record<string, string> = { index: path.resolve(root, 'index.html') };
      for (const page of PRERENDERED_PAGES) input[entryName(page)] = path.resolve(root, page.script);
      input[SERVER_PAGE_START.name] = path.resolve(root, SERVER_PAGE_START.script);
      return { build: { rolldownOptions: { input } } };
    },
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const { name, script } of [
        ...PRERENDERED_PAGES.map((page) => ({ name: entryName(page), script: page.script })),
        SERVER_PAGE_START,
      ]) {
        const chunk = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === name,
        );
        if (!chunk) this.error(`the ${script} entry is missing from the bundle`);
        scripts.set(name, `/${chunk.fileName}`);
      }
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexHtml = stylesFirst(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'));
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
        for (const page of PRERENDERED_PAGES) {
          // Loaded through Vite's SSR loader: the same aliases and JSX as the app.
          const mod = (await server.ssrLoadModule(page.render)) as {
            render: () => { html: string; title: string };
          };
          const { html, title } = mod.render();
          fs.writeFileSync(
            path.join(outDir, page.file),
            staticDocument(indexHtml, html, title, scripts.get(entryName(page)) ?? ''),
          );
        }
        // The template of the pages the server renders with their data (build/server-pages.ts): a static page with
        // an empty #root, which the server fills (src/app/server-document.ts); its script loads the app after the
        // first paint.
        const title = /<title>([^<]*)<\/title>/.exec(indexHtml)?.[1] ?? '';
        fs.mkdirSync(path.join(outDir, SERVER_DIR), { recursive: true });
        fs.writeFileSync(
          path.join(outDir, SERVER_DIR, SERVER_TEMPLATE),
          staticDocument(indexHtml, '', title, scripts.get(SERVER_PAGE_START.name) ?? ''),
        );
        // Last: the pages above were made from the index.html with an empty #root.
        const splash = (await server.ssrLoadModule(SPLASH_RENDER)) as { render: () => { html: string } };
        fs.writeFileSync(path.join(outDir, 'index.html'), withSplash(indexHtml, splash.render().html));
      } finally {
        await server.close();
      }
      const manifest = Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, page.file]));
      fs.writeFileSync(path.join(outDir, PRERENDERED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

/**
 * index.html turned into a static page: the markup inside #root, the title, the app's module script and
 * preloads removed (their URLs kept in meta tags for lib/load-app.ts), the page's script added. Exported for the
 * unit test.
 */
export function staticDocument(indexHtml: string, markup: string, title: string, pageScript: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module entry script');
  const modules = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
  const withoutApp = indexHtml
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      '</head>',
      `  <meta name="bist-app-entry" content="${entry[1]}" />\n    <meta name="bist-app-modules" content="${modules.join(' ')}" />\n    <script type="module" crossorigin src="${pageScript}"></script>\n  </head>`,
    );
  return fillDocument(withoutApp, title, `<div id="root">${markup}</div>`);
}

/** index.html with the splash in its #root (React replaces it on the first render). Exported for the unit test. */
export function withSplash(indexHtml: string, splash: string): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error('index.html has no empty #root');
  return indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${splash}</div>`);
}

/**
 * index.html with its stylesheet and font preload moved before the module scripts: Vite writes them after the
 * entry's module preloads, and on a phone's HTTP/1.1 connections (six per host) the CSS that the first paint
 * waits for then queues behind a dozen scripts. Exported for the unit test.
 */
export function stylesFirst(indexHtml: string): string {
  const firstScript = indexHtml.indexOf('<script type="module"');
  if (firstScript < 0) return indexHtml;
  const styles = [
    ...indexHtml.matchAll(
      /[ \t]*<link rel="stylesheet"[^>]*>\n?|[ \t]*<link rel="preload"[^>]*as="font"[^>]*>\n?/g,
    ),
  ].map((match) => match[0]);
  let html = indexHtml;
  for (const tag of styles) html = html.replace(tag, '');
  const at = html.lastIndexOf('\n', html.indexOf('<script type="module"')) + 1;
  const indent = /^[ \t]*/.exec(html.slice(at))?.[0] ?? '';
  const moved = styles.map((tag) => `${indent}${tag.trim()}\n`).join('');
  return html.slice(0, at) + moved + html.slice(at);
}
