import fs from 'node:fs';

/** Removes the run's temporary data directory (set by playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('bist-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
