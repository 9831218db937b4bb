// The real API server as the benchmarks run it: `node --import tsx src/main.ts` on an embedded database in a data
// directory kept between runs (the first run writes the history), demo mode on, no first training.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function startServer(options: {
  port: number;
  dataDir: string;
  logLevel: string;
  env?: Record<string, string>;
}): ChildProcess {
  fs.mkdirSync(options.dataDir, { recursive: true });
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: options.logLevel,
      DEMO_MODE: 'true',
      ML_INITIAL_TRAINING: 'false',
      // Benches measure this machine, never the internet.
      MARKET_FEED: 'simulated',
      ...options.env,
    },
    // The server's log lines go to /dev/null as they would to a file: written, not displayed.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      fetch(url)
        .then((r) => (r.ok ? resolve() : retry()))
        .catch(retry);
    };
    const retry = () =>
      Date.now() > deadline ? reject(new Error(`timeout waiting for ${url}`)) : setTimeout(attempt, 500);
    attempt();
  });
}

/** An option of the command line: `--name value`. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** Signs in the demo super_admin (the bench servers run in demo mode) and returns the staff token. */
export async function staffToken(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@bistai.demo', password: 'superadmin-demo-2026' }),
  });
  const body = (await res.json()) as { token?: string; data?: { token?: string } };
  const token = body.token ?? body.data?.token;
  if (!token) throw new Error(`staff sign-in failed: ${res.status}`);
  return token;
}
