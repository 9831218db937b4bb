import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { SERVER_DIR } from './server-pages.ts';

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this size the compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every compressible file of the build,
 * once, at build time. The server sends them with Content-Encoding by the browser's Accept-Encoding
 * (@fastify/static preCompressed), so no request pays for compression.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bist:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      const serverDir = path.join(outDir, SERVER_DIR) + path.sep;
      await Promise.all(
        listFiles(outDir)
          // dist/server is the API server's render module, never sent to a browser.
          .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(serverDir))
          .map(compressFile),
      );
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compressFile(file: string): Promise<void> {
  const body = await fs.promises.readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  if (br.length < body.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < body.length) await fs.promises.writeFile(`${file}.gz`, gz);
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
