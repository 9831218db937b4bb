import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverSrc = fileURLToPath(new URL('./apps/server/src', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        resolve: { alias: { '@': serverSrc } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
    ],
  },
});
