// A fresh `npm start` (src/main.ts, a new data folder, MARKET_FEED=auto) whose real provider does not answer: /health
// answers without waiting for the probe, and the investor side is told it sees the simulator (issue #31).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { freePort } from '@test/free-port';
import { startFakeProvider } from './fake-provider.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts the API process on a fresh data folder; resolves when /health answers 200, with the time it took. */
async function freshStart(env: Record<string, string>): Promise<{ url: string; healthMs: number }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-start-offline-'));
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      MARKET_FEED: 'auto',
      ML_INITIAL_TRAINING: 'false',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        try {
          return (await fetch(`${url}/health`)).status;
        } catch {
          return 0;
        }
      },
      // A first start writes a year of simulated history: minutes on a loaded machine.
      { timeout: 280_000, interval: 100 },
    )
    .toBe(200);
  return { url, healthMs: Date.now() - started };
}

async function source(url: string): Promise<MarketSource> {
  return ((await (await fetch(`${url}/api/market/source`)).json()) as { data: MarketSource }).data;
}

describe('a fresh start with MARKET_FEED=auto and no reachable provider (src/main.ts in a child process)', () => {
  it('answers /health while the probe is still waiting for the provider, and says it serves the simulator', async () => {
    // The provider accepts the connection and never answers; the probe would wait ten minutes for it.
    const fake = await startFakeProvider();
    cleanups.push(() => fake.close());
    fake.hang = true;
    const { url, healthMs } = await freshStart({
      MARKET_PROVIDER_URL: fake.url,
      MARKET_PROBE_TIMEOUT_MS: '600000',
    });
    // The probe reached the provider and is still unanswered: the server did not wait for it.
    expect(fake.requests.filter((p) => p.startsWith('/v8/finance/chart/XU100.IS'))).toHaveLength(1);
    expect(await source(url)).toMatchObject({ feed: 'simulated', mode: 'auto', switched_at: null });
    console.info(`fresh start, provider holding the probe: /health 200 after ${String(healthMs)} ms`);
  }, 300_000);
});
