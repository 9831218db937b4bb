// Runs the Playwright suite in Chromium against a real server on a fresh temporary DATA_DIR.
import { ensureChromium } from './chromium.mjs';
import { ensureInstall, ensureWebBuild, run } from './lib.mjs';

ensureInstall();
const chromium = ensureChromium();
if (chromium === null) {
  console.error('No Chromium available for the e2e suite.');
  process.exit(1);
}
if (!ensureWebBuild()) process.exit(1);
process.exit(
  await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
  }),
);
