// Regenerates docs/screenshots/: the investor's main screens at 1366×850 (desktop) and 390×844 (phone), taken by
// e2e/investor.spec.ts against a fresh server. Usage: E2E_PORT=<port> node scripts/screenshots.mjs
import { run } from './lib.mjs';

process.exit(
  await run('node', ['scripts/e2e.mjs', 'e2e/investor.spec.ts'], {
    env: { ...process.env, SCREENSHOTS: '1' },
  }),
);
