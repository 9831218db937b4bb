import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';
import { z } from 'zod';
import { MARKET_FEED_MODES, type MarketFeedMode } from '@bist/contracts';
import { codeVersionOf } from '@/lib/code-version';

/** The repository root, so relative paths in the environment mean the same from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The spellings a boolean variable accepts. */
const TRUE_SPELLINGS: readonly string[] = ['true', '1', 'yes', 'on'];
const BOOLEAN_SPELLINGS = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;
const isTrueSpelling = (value: string) => TRUE_SPELLINGS.includes(value);

const booleanFromString = z
  .enum(BOOLEAN_SPELLINGS, { error: `must be one of ${BOOLEAN_SPELLINGS.join(', ')}` })
  .transform(isTrueSpelling);

/** What a fresh install trains by itself (ML_INITIAL_TRAINING). */
export type InitialTraining = 'all' | 'first-phase' | 'none';

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  MARKET_FEED: z
    .enum(MARKET_FEED_MODES, { error: `must be one of ${MARKET_FEED_MODES.join(', ')}` })
    .default('auto'),
  /**
   * Base URL the real provider's requests go to instead of Yahoo's own hosts (every https://*.yahoo.com prefix is
   * replaced by it): a local fake provider in tests and benches, a caching proxy in production.
   */
  MARKET_PROVIDER_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /**
   * Requests a minute the real feed may send (default: the production budget for Yahoo's own hosts). Only with
   * MARKET_PROVIDER_URL: a local fake provider (e2e) or a caching proxy may take more; Yahoo's hosts never get more.
   */
  MARKET_PROVIDER_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(100_000)
    .optional(),
  /** How long MARKET_FEED=auto waits for the provider's answer to a probe (default 3 s; it never delays the server). */
  MARKET_PROBE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(100)
    .max(600_000)
    .optional(),
  /**
   * A TCMB EVDS API key (free with an EVDS account): with it the reference series TÜFE, USD/TRY, EUR/TRY and the
   * deposit rate are read from EVDS (decision 0067). Never logged.
   */
  EVDS_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^[\x21-\x7e]+$/.test(value), {
      message: 'must be printable ASCII without spaces (the key as EVDS shows it)',
    }),
  /** Base URL EVDS requests go to instead of EVDS's own service: a local fake in tests, or a proxy. */
  EVDS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  MARKET_SEED: z.coerce.number().int().default(20_260_101),
  DEMO_MODE: booleanFromString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ML_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  MARKET_CLOCK_OFFSET_MS: z.coerce.number({ error: 'must be a number' }).int().default(0),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFromString.optional(),
  STREAM_MAX_CONNECTIONS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(100_000)
    .default(2_000),
  STREAM_MAX_PER_IP: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(20),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(100)
    .max(600_000)
    .default(30_000),
  /**
   * The first training of a fresh install: every enabled algorithm (true), none (false), or only its first phase
   * (first-phase: the quick linear models that serve the first predictions; the others wait for Train All or the
   * scheduled retrain).
   */
  ML_INITIAL_TRAINING: z
    .enum([...BOOLEAN_SPELLINGS, 'first-phase'], { error: 'must be one of true, false, first-phase' })
    .transform((value): InitialTraining =>
      value === 'first-phase' ? 'first-phase' : isTrueSpelling(value) ? 'all' : 'none',
    )
    .optional(),
  /** Count API requests per minute for Business Intelligence (off only to measure what the counting costs). */
  REQUEST_METRICS: booleanFromString.optional(),
  /** Seed 12 months of labelled demo BI history in demo mode (off: the BI page shows live activity only). */
  BI_DEMO_SEED: booleanFromString.optional(),
  /** The build's git commit, stored with trained models (a checkout finds it itself). */
  GIT_COMMIT: z.string().optional(),
  /** The SMTP server for password-reset links and sign-in notices: smtp://user:pass@host:587 or smtps://… */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
      message: 'must be an smtp:// or smtps:// URL',
    }),
  /** The sender of those e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('BIST AI <no-reply@localhost>'),
  /** Where people reach this server (links in e-mails); never taken from a request's Host header. */
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), {
      message: 'must be an http:// or https:// URL',
    }),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The feed at start and the default of the admin 'Market feed' setting: 'auto' (the real provider whenever it
   * answers, the simulator otherwise), 'simulated' or 'yahoo'. An admin's saved choice overrides it (decision 0044).
   */
  marketFeed: MarketFeedMode;
  /** Where the real provider's requests go; undefined: Yahoo's own hosts. */
  marketProviderUrl: string | undefined;
  /** Requests a minute to MARKET_PROVIDER_URL when not the production budget (undefined: the production one). */
  marketProviderRequestsPerMinute?: number | undefined;
  /** The auto feed's probe timeout when not the default (MARKET_PROBE_TIMEOUT_MS). */
  marketProbeTimeoutMs?: number | undefined;
  /** TCMB EVDS: the API key (undefined: EVDS is not used) and the base URL when not EVDS's own (EVDS_URL). */
  evdsApiKey?: string | undefined;
  evdsUrl?: string | undefined;
  marketSeed: number;
  /** Demo accounts and the 'any e-mail works' login. On by default only for the embedded database. */
  demoMode: boolean;
  logLevel: string;
  /** ML worker threads in this process; 0: it only enqueues jobs and `npm run worker` processes run them. */
  mlWorkers: number;
  /**
   * The simulated market runs this far off the real clock (ms): a scale-out test or a demo outside trading hours can
   * see a live session. Only with MARKET_FEED=simulated; everything else keeps the real clock.
   */
  marketClockOffsetMs: number;
  sessionTtlHours: number;
  /** Queue the first training when no model exists yet (off for benchmarks that measure the API alone). */
  mlInitialTraining: InitialTraining;
  /** Count API requests into per-minute metrics (BI platform performance). */
  requestMetrics: boolean;
  /** Seed the labelled demo BI history (demo mode only). */
  biDemoSeed: boolean;
  /** Trust X-Forwarded-For (only behind a proxy that sets it): client IPs drive login throttling. */
  trustProxy: boolean;
  /** A request (headers and body) must arrive within this time, or its connection is closed. */
  requestTimeoutMs: number;
  /** Live quote streams (SSE) open at once in this process, and per client address. */
  streamMaxConnections: number;
  streamMaxPerIp: number;
  /** Folder with the web build; the server serves it when it exists. */
  webDist: string;
  version: string;
  /** Version and git commit of this build, recorded with every trained model version. */
  codeVersion: string;
  /** SMTP server for account e-mails; without it demo mode writes them to DATA_DIR/outbox, otherwise none are sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The server's address as people reach it, for links in e-mails (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; every bad variable is listed together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const demoMode = e.DEMO_MODE ?? e.DATABASE_URL === undefined;
  if (e.ML_WORKERS === 0 && e.DATABASE_URL === undefined)
    throw new ConfigError([
      'ML_WORKERS: 0 (no ML threads here) needs DATABASE_URL and `npm run worker` processes to run the jobs',
    ]);
  // A clock offset only makes sense for the simulator: it picks it when MARKET_FEED is not given.
  const marketFeed = e.MARKET_CLOCK_OFFSET_MS !== 0 && !env.MARKET_FEED ? 'simulated' : e.MARKET_FEED;
  if (e.MARKET_CLOCK_OFFSET_MS !== 0 && marketFeed !== 'simulated')
    throw new ConfigError(['MARKET_CLOCK_OFFSET_MS: only the simulated feed can run off the real clock']);
  if (e.MARKET_PROVIDER_REQUESTS_PER_MINUTE !== undefined && e.MARKET_PROVIDER_URL === undefined)
    throw new ConfigError([
      "MARKET_PROVIDER_REQUESTS_PER_MINUTE: only with MARKET_PROVIDER_URL (Yahoo's own hosts keep the production budget)",
    ]);
  return {
    port: e.PORT,
    // Demo mode publishes staff passwords: unless told otherwise it answers only this machine.
    host: e.HOST ?? (demoMode ? 'localhost' : '0.0.0.0'),
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    marketFeed,
    marketProviderUrl: e.MARKET_PROVIDER_URL,
    marketProviderRequestsPerMinute: e.MARKET_PROVIDER_REQUESTS_PER_MINUTE,
    marketProbeTimeoutMs: e.MARKET_PROBE_TIMEOUT_MS,
    evdsApiKey: e.EVDS_API_KEY,
    evdsUrl: e.EVDS_URL,
    marketSeed: e.MARKET_SEED,
    demoMode,
    logLevel: e.LOG_LEVEL,
    mlWorkers: e.ML_WORKERS ?? Math.max(1, os.availableParallelism() - 1),
    marketClockOffsetMs: e.MARKET_CLOCK_OFFSET_MS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY ?? false,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    streamMaxConnections: e.STREAM_MAX_CONNECTIONS,
    streamMaxPerIp: e.STREAM_MAX_PER_IP,
    mlInitialTraining: e.ML_INITIAL_TRAINING ?? 'all',
    requestMetrics: e.REQUEST_METRICS ?? true,
    biDemoSeed: demoMode && (e.BI_DEMO_SEED ?? true),
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    version: APP_VERSION,
    codeVersion: codeVersionOf(APP_VERSION, e.GIT_COMMIT),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
  };
}

export const APP_VERSION = '0.1.0';

/**
 * A configuration for tests: demo mode on, quiet logs, the simulated feed (a test never probes the internet; one that
 * wants the real feed points it at the local fake provider), and a data directory of the test process under the
 * system's temporary folder (the demo outbox writes there, never into the repository's ./data).
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', MARKET_FEED: 'simulated' }),
    dataDir: path.join(os.tmpdir(), `bist-test-data-${process.pid}`),
    ...overrides,
  };
}

/** The real PostgreSQL server for repository tests, when CI provides one. */
export function testDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** The directory the operator ran `npm run cli` from (npm runs the script elsewhere): CLI paths are relative to it. */
export function invocationDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** For process entry points: the configuration, or the problem printed and exit code 1 (no stack trace). */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
