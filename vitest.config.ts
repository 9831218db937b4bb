import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy / Object.groupBy, which Node 20 lacks (Node >= 21 has them).
function groupInto<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  let index = 0;
  for (const item of items) {
    const k = key(item, index++);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
const MapWithGroupBy = Map as unknown as { groupBy?: typeof groupInto };
MapWithGroupBy.groupBy ??= groupInto;
const ObjectWithGroupBy = Object as unknown as {
  groupBy?: (items: Iterable<unknown>, key: (item: unknown, i: number) => PropertyKey) => object;
};
ObjectWithGroupBy.groupBy ??= (items, key) => Object.fromEntries(groupInto(items, key));

const serverSrc = fileURLToPath(new URL('./apps/server/src', import.meta.url));
const serverTest = fileURLToPath(new URL('./apps/server/test', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle (cores − 1 workers): on a 2-core machine the files ran one at a time. One
    // worker more than cores: a worker often waits (on PostgreSQL, a child process, a timer) — on 2 cores 3 workers
    // used 181 % CPU and took 282 s for the whole suite with DATABASE_URL, 2 took 325 s.
    maxWorkers: os.availableParallelism() + 1,
    // `isolate: false` on the tooling, packages, server and bench projects: a worker reuses its loaded modules from
    // one test file to the next instead of importing the server afresh for each (≈ 4 s a file on a 2-core host). The
    // whole suite 457 → 345 s; checked with shuffled file orders. Every server file builds its own app on its own
    // cloned database, and none mocks modules. The web project (components: .test.tsx; code that needs a document or
    // storage: .dom.test.ts) stays isolated: its files share a document, storage and module state (toasts, the i18n
    // instance) that several of them assume fresh.
    projects: [
      {
        // The house rules themselves: lint boundaries and the import-graph check fail on a deliberate violation.
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], testTimeout: 60_000, isolate: false },
      },
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          testTimeout: 60_000,
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': serverSrc, '@test': serverTest } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates once per run; each test file clones the migrated template (test/helpers.ts).
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        // bench/lib helpers import server code, which resolves '@' to apps/server/src.
        resolve: { alias: { '@': serverSrc, '@test': serverTest } },
        test: { name: 'bench', include: ['bench/lib/**/*.test.ts'], isolate: false },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        // The web's logic tests (.test.ts without .dom): plain functions, no document — Node's environment and one
        // module registry per worker, which saves the ≈ 1.5 s a file of a fresh happy-dom and fresh imports.
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web-logic',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
          exclude: ['**/*.dom.test.ts'],
          isolate: false,
        },
      },
    ],
  },
});
