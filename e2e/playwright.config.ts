import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-args.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
/** The local fake market provider (recorded Yahoo answers over HTTP): any switch to the real feed lands there. */
const PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? PORT + 1);
/**
 * The server's account e-mails go to SMTP on this port, where a spec that reads them starts its catcher
 * (e2e/smtp-catcher.ts); while none listens, a mail fails in the background and is only logged.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 5);
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
// A fresh embedded database for every run: the e2e suite never touches ./data or DATABASE_URL.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bist-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const executablePath = process.env.CHROMIUM_PATH || undefined;
const launchOptions = {
  executablePath,
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '../.tmp/e2e-results',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    // As a user who asked for less motion (the app honours it: no pulsing, no transitions). The market-status dot
    // pulses all through a trading day and every frame of it is composited: Chromium used ≈ 35 % less CPU for the
    // same page visits with this (19.5 → 12.5 s over 12 visits), CPU the server and the tests share on 2 cores.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 }, launchOptions },
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      // The recorded charts gain a split and a reverse split (market-real.spec.ts: the offers to holders).
      command: `node --import tsx test/fake-provider/cli.ts --port ${PROVIDER_PORT} --splits THYAO:2026-11-18:2:1,GARAN:2026-11-19:1:10`,
      cwd: path.join(import.meta.dirname, '../apps/server'),
      url: `http://127.0.0.1:${PROVIDER_PORT}/v1/test/getcrumb`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx src/main.ts`,
      cwd: path.join(import.meta.dirname, '../apps/server'),
      url: `http://localhost:${PORT}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // The first training's first phase only (the quick models the investor's first predictions come from): the other
      // 32 algorithms' training is minutes of one core that every test would share; the tests train what they need.
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_MODE: 'true',
        LOG_LEVEL: 'warn',
        // Never the internet: the simulator at start; an admin's switch to the real feed reaches the fake provider.
        MARKET_FEED: 'simulated',
        MARKET_PROVIDER_URL: `http://127.0.0.1:${PROVIDER_PORT}`,
        ML_INITIAL_TRAINING: 'first-phase',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Reset links open the server the browser reaches.
        PUBLIC_URL: `http://localhost:${PORT}`,
      },
    },
  ],
});
