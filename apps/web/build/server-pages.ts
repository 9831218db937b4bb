import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** The module the server renders pages with (src/app/server-pages.tsx), built to dist/server/pages.js. */
const ENTRY = 'src/app/server-pages.tsx';
/** dist/server: the server's render module and its page template; never served to browsers (plugins/web.ts). */
export const SERVER_DIR = 'server';
/** dist/server/template.html: the app's document with an empty #root (written by prerender-pages.ts). */
export const SERVER_TEMPLATE = 'template.html';

/**
 * After the browser build, builds the pages the server renders with their data (app/server-pages.tsx) for Node:
 * one self-contained ES module (React and every dependency bundled, production mode), which the API server loads
 * at start when it is there (apps/server/src/plugins/web.ts). prerender-pages.ts writes its template beside it.
 */
export function serverPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bist:server-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        resolve: { alias: config.resolve.alias },
        plugins: [lazyPagesStubbed()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: ENTRY,
          outDir: path.resolve(config.root, config.build.outDir, SERVER_DIR),
          emptyOutDir: false,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: {
            // One file: the lazy parts (menus, dialogs, the English strings) are never rendered on the server.
            output: { entryFileNames: 'pages.js', codeSplitting: false },
            // React's and Radix's 'use client' directives mean nothing in a server bundle.
            onLog(level, log, handler) {
              if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
            },
          },
        },
      });
    },
  };
}

/** What a lazy page of the route table is in the server bundle. */
const LAZY_PAGE_STUB = '\0bist-lazy-page-on-server';

/**
 * The route table (app/route-table.ts) names every page's lazy chunk; the server renders only the pages in
 * `serverPages`, which it imports statically. Its other pages are an empty module in the server bundle instead of
 * being inlined into it (one file, `codeSplitting: false`): without this every page of the app would be in pages.js.
 */
function lazyPagesStubbed(): Plugin {
  return {
    name: 'bist:lazy-pages-stubbed',
    resolveDynamicImport(specifier) {
      return typeof specifier === 'string' && specifier.startsWith('@/app/routes/') ? LAZY_PAGE_STUB : null;
    },
    load(id) {
      return id === LAZY_PAGE_STUB ? 'export default function LazyPageOnServer() { return null; }' : null;
    },
  };
}
