// An OpenAPI-driven fuzzer: requests every route of the app with values built from its own schemas — mostly
// plausible, often hostile (NUL, huge numbers, wrong types, injection strings, long text) — as anonymous callers,
// investors and staff, and with hostile shapes (hostile-shapes.ts): deep nesting, unpaired surrogates, column bombs,
// extreme date ranges, and the same write sent many times at once. A request must never be answered with a 5xx, a
// stack trace or a secret, nor (when `slowMs` is set) slowly; a write declared single-effect must take effect once.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  columnBombs,
  deepBody,
  EXTREME_DAYS,
  EXTREME_MONTHS,
  EXTREME_RANGES,
  INVALID_UTF8_PERCENT,
  LONE_SURROGATE_STRINGS,
  NESTING_DEPTHS,
} from './hostile-shapes.ts';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  format?: string;
}

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  body?: JsonSchema;
}

/** What a request is built as: from the schemas value by value, or one of the hostile shapes. */
export const FUZZ_KINDS = ['schema', 'deep', 'unicode', 'columns', 'dates', 'duplicates'] as const;
export type FuzzKind = (typeof FUZZ_KINDS)[number];

/** Share of the requests built as each kind (the rest of the weight stays with 'schema'). */
const DEFAULT_WEIGHTS: Record<FuzzKind, number> = {
  schema: 0.78,
  deep: 0.04,
  unicode: 0.06,
  columns: 0.01,
  dates: 0.06,
  // Each burst is `duplicateCopies` requests: about one request in seven.
  duplicates: 0.008,
};

/**
 * A write that must take effect once however many identical copies arrive at once (a plan change charges once):
 * `effects` counts its effect (e.g. the caller's payments); more than one new effect per burst is a finding.
 */
export interface SingleEffectWrite {
  method: string;
  path: string;
  /** The caller whose write it is (the effect is counted for this caller). */
  token: string;
  effects(app: FastifyInstance): Promise<number>;
}

export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Bearer tokens to call with (an investor's, staff of several roles); anonymous and garbage tokens are added. */
  tokens: string[];
  /** Paths left out (streams that never end, logouts that would end the fuzzer's own sessions). */
  skip?: (path: string, method: string) => boolean;
  /** Weights of the kinds of request (FUZZ_KINDS); a kind left out keeps its default, 0 turns it off. */
  weights?: Partial<Record<FuzzKind, number>>;
  /** An answer slower than this is a finding (one request that blocks the server); unset: not timed (tests). */
  slowMs?: number;
  /** Copies of one write sent at once by the 'duplicates' kind. */
  duplicateCopies?: number;
  singleEffectWrites?: SingleEffectWrite[];
  /** Valid values for path parameters by name (an algorithm id, a symbol), so hostile bodies reach the handlers. */
  pathExamples?: Record<string, string[]>;
}

export interface FuzzFinding {
  kind: FuzzKind;
  method: string;
  url: string;
  status: number;
  problem: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  /** The slowest answer and its request, milliseconds. */
  slowestMs: number;
  slowest: string;
  findings: FuzzFinding[];
}

/** Text that must never appear in an answer: stack frames, SQL errors, password hashes, internal paths. */
const LEAKS: { name: string; pattern: RegExp }[] = [
  { name: 'stack trace', pattern: /\n\s+at .+\(.+:\d+:\d+\)/ },
  { name: 'password hash', pattern: /\$argon2(id|i|d)\$/ },
  {
    name: 'SQL error',
    pattern: /Failed query|syntax error at or near|violates (unique|foreign key|not-null)/i,
  },
  { name: 'file path', pattern: /\/(?:work|home|root|usr)\/[\w./-]+\.(?:ts|js)/ },
];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  '"; DROP TABLE admin_users; --',
  '../../../../etc/passwd',
  '%00',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  'İıŞşĞğÜüÖöÇç',
  '😀'.repeat(50),
  'x'.repeat(5_000),
  '\uFFFF\uD800',
  ...LONE_SURROGATE_STRINGS.slice(0, 2),
  'THYAO',
  'GARAN',
  '2026-11-18',
  '2026-02-30',
  ...EXTREME_DAYS,
  ...EXTREME_MONTHS,
  'null',
  'undefined',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'a@b.co',
  'ceo@bistai.demo',
];

const HOSTILE_NUMBERS = [0, -1, 1, 0.001, 1e-320, 1e308, -1e308, 2 ** 53, 0.5, 100_000_000, 3.14159];

/** xorshift32: a small seeded generator, so a failing run can be repeated with its seed. */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

/** encodeURIComponent, with a lone surrogate (which it refuses) sent as its replacement character. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) => {
      const code = c.charCodeAt(0);
      const pair = code < 0xdc00 ? all.charCodeAt(i + 1) : all.charCodeAt(i - 1);
      const paired = code < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00;
      return paired ? c : '\uFFFD';
    }),
  );
}

export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

const PLAIN_DAYS = ['2026-11-17', '2026-11-18', '1900-01-01'];
const PLAUSIBLE_STRINGS = ['THYAO', 'GARAN', 'Fuzz note', 'fuzz@example.com', 'ols', '2026-11-17'];
const CSV_FIELD = /csv/i;

/** The property names of a body schema (of its first object variant). */
function propertiesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.properties) return Object.keys(schema.properties);
  const variants = schema.anyOf ?? schema.oneOf ?? [];
  for (const variant of variants) {
    const names = propertiesOf(variant);
    if (names.length > 0) return names;
  }
  return [];
}

const dateParam = (p: Operation['parameters'][number]) =>
  p.schema?.format === 'date' || ['from', 'to', 'month', 'date'].includes(p.name);

/** The longest the event loop was held while `work` ran: how late a 10 ms timer fires, at worst. */
async function loopBlockedMs(work: () => Promise<unknown>): Promise<number> {
  const tickMs = 10;
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - tickMs);
    last = now;
  }, tickMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(worst, performance.now() - last - tickMs);
}

interface Planned {
  kind: FuzzKind;
  op: Operation;
  url: string;
  token: string | null;
  /** An object is sent as JSON by inject; a string is sent as it is, as JSON text. */
  payload?: unknown;
}

export async function fuzz(app: FastifyInstance, options: FuzzOptions): Promise<FuzzReport> {
  const random = prng(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const copies = options.duplicateCopies ?? 20;
  const bombs = columnBombs();

  /** A value for a schema: hostile often, or (plausible) one a real client would send, to get past validation. */
  const valueOf = (schema: JsonSchema | undefined, depth = 0, plausible = false): unknown => {
    if (!schema || depth > 4) return plausible ? pick(PLAUSIBLE_STRINGS) : pick(HOSTILE_STRINGS);
    if (!plausible && chance(0.15))
      return pick<unknown>([...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, true, null, [], {}]);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return plausible || chance(0.85) ? pick(schema.enum) : pick(HOSTILE_STRINGS);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) return valueOf(pick(variants), depth + 1, plausible);
    const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
    switch (type) {
      case 'string':
        if (schema.format === 'date')
          return !plausible && chance(0.2) ? pick(EXTREME_DAYS) : pick(PLAIN_DAYS);
        if (plausible) return pick(PLAUSIBLE_STRINGS);
        return chance(0.1) ? pick(PLAIN_DAYS) : pick(HOSTILE_STRINGS);
      case 'number':
      case 'integer': {
        if ((plausible || chance(0.5)) && schema.minimum !== undefined && schema.maximum !== undefined)
          return schema.minimum + Math.floor(random() * (schema.maximum - schema.minimum + 1));
        return plausible ? pick([1, 10, 100]) : pick(HOSTILE_NUMBERS);
      }
      case 'boolean':
        return chance(0.5);
      case 'array':
        return Array.from({ length: Math.floor(random() * 4) }, () =>
          valueOf(schema.items, depth + 1, plausible),
        );
      case 'object': {
        const body: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          const required = schema.required?.includes(name) ?? false;
          if (required ? plausible || chance(0.92) : chance(0.5))
            body[name] = valueOf(property, depth + 1, plausible);
        }
        if (!plausible && chance(0.05)) body[pick(HOSTILE_STRINGS)] = pick(HOSTILE_STRINGS);
        return body;
      }
      default:
        return plausible ? pick(PLAUSIBLE_STRINGS) : pick(HOSTILE_STRINGS);
    }
  };

  /** The URL of a request: `raw` gives parameters already percent-encoded (dates, invalid UTF-8). */
  const urlOf = (op: Operation, plausible: boolean, raw: Record<string, string> = {}): string => {
    let path = op.path;
    const query: string[] = [];
    for (const parameter of op.parameters) {
      const examples = options.pathExamples?.[parameter.name];
      let text = raw[parameter.name];
      if (text === undefined) {
        if (parameter.in === 'path' && examples && (plausible || chance(0.5))) text = encode(pick(examples));
        else if (parameter.in === 'path' || parameter.in === 'query') {
          const value = valueOf(parameter.schema, 0, plausible);
          text = encode(typeof value === 'string' ? value : JSON.stringify(value));
        }
      }
      if (text === undefined) continue;
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, text);
      else if (parameter.in === 'query' && (parameter.name in raw || chance(0.7)))
        query.push(`${encodeURIComponent(parameter.name)}=${text}`);
    }
    path = path.replace(/\{[^}]+\}/g, () => encode(pick(HOSTILE_STRINGS)));
    return query.length > 0 ? `${path}?${query.join('&')}` : path;
  };

  const operations = operationsOf(app).filter(
    (op) => op.method !== 'HEAD' && !(options.skip?.(op.path, op.method) ?? false),
  );
  const withBody = operations.filter((op) => op.body && op.method !== 'GET');
  const pools: Record<FuzzKind, Operation[]> = {
    schema: operations,
    deep: withBody,
    unicode: operations.filter((op) => (op.body && op.method !== 'GET') || op.parameters.length > 0),
    columns: withBody.filter((op) => propertiesOf(op.body).some((name) => CSV_FIELD.test(name))),
    dates: operations.filter((op) => op.parameters.some(dateParam)),
    duplicates: withBody,
  };
  const callers = [null, 'garbage-token-000', ...options.tokens];
  const report: FuzzReport = {
    requests: 0,
    byStatus: {},
    byKind: {},
    slowestMs: 0,
    slowest: '',
    findings: [],
  };
  // A hostile shape that broke an operation once is not sent to it again: the run goes on to find other things.
  const spent = new Set<string>();

  const kindOf = (): FuzzKind => {
    let roll = random() * FUZZ_KINDS.reduce((sum, k) => sum + weights[k], 0);
    for (const kind of FUZZ_KINDS) {
      roll -= weights[kind];
      if (roll < 0) return kind;
    }
    return 'schema';
  };

  /** Plans one request of `kind` (or of 'schema' when no operation takes that shape). */
  const plan = (wanted: FuzzKind): Planned => {
    const pool = pools[wanted].filter(
      (op) => wanted === 'schema' || !spent.has(`${wanted} ${op.method} ${op.path}`),
    );
    // A burst is planned by the loop; a shape no operation takes falls back to a schema-built request.
    const kind = pool.length > 0 && wanted !== 'duplicates' ? wanted : 'schema';
    const op = pick(pool.length > 0 ? pool : operations);
    // A hostile shape is mostly sent signed in: an anonymous request stops at the sign-in check, before the body.
    const token =
      kind !== 'schema' && options.tokens.length > 0 && chance(0.8) ? pick(options.tokens) : pick(callers);
    switch (kind) {
      case 'deep': {
        const field = pick([...propertiesOf(op.body), 'x']);
        const body = deepBody(field, pick(NESTING_DEPTHS), chance(0.5) ? 'arrays' : 'objects');
        return { kind, op, url: urlOf(op, true), token, payload: body };
      }
      case 'unicode': {
        if (!op.body || op.method === 'GET' || chance(0.3)) {
          const parameter = op.parameters.length > 0 ? pick(op.parameters) : undefined;
          const raw = parameter ? { [parameter.name]: pick(INVALID_UTF8_PERCENT) } : {};
          return { kind, op, url: urlOf(op, true, raw), token };
        }
        const body = valueOf(op.body, 0, true);
        const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
        const names = propertiesOf(op.body);
        if (names.length === 0 || chance(0.15))
          (record as Record<string, unknown>)[pick(LONE_SURROGATE_STRINGS)] = 1;
        else (record as Record<string, unknown>)[pick(names)] = pick(LONE_SURROGATE_STRINGS);
        // JSON.stringify writes an unpaired surrogate as its '\udXXX' escape: the raw text a client would send.
        return { kind, op, url: urlOf(op, true), token, payload: JSON.stringify(record) };
      }
      case 'columns': {
        const body = valueOf(op.body, 0, true) as Record<string, unknown>;
        for (const name of propertiesOf(op.body)) if (CSV_FIELD.test(name)) body[name] = pick(bombs);
        return { kind, op, url: urlOf(op, true), token, payload: body };
      }
      case 'dates': {
        const [from, to] = pick(EXTREME_RANGES);
        const raw: Record<string, string> = {};
        for (const parameter of op.parameters.filter(dateParam)) {
          raw[parameter.name] =
            parameter.name === 'from'
              ? from
              : parameter.name === 'to'
                ? to
                : parameter.name === 'month'
                  ? pick(EXTREME_MONTHS)
                  : pick(EXTREME_DAYS);
        }
        return { kind, op, url: urlOf(op, true, raw), token };
      }
      default: {
        const body = op.body ? valueOf(op.body) : undefined;
        return {
          kind,
          op,
          url: urlOf(op, false),
          token,
          ...(body !== undefined && op.method !== 'GET' ? { payload: body } : {}),
        };
      }
    }
  };

  const injectOptions = (p: Planned): InjectOptions => ({
    method: p.op.method,
    url: p.url,
    headers: {
      ...(p.token ? { authorization: `Bearer ${p.token}` } : {}),
      ...(typeof p.payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(p.payload !== undefined ? { payload: p.payload as object } : {}),
  });

  const find = (p: Planned, status: number, problem: string, body: string) => {
    report.findings.push({
      kind: p.kind,
      method: p.op.method,
      url: p.url,
      status,
      problem,
      body: body.slice(0, 500),
    });
    if (p.kind !== 'schema') spent.add(`${p.kind} ${p.op.method} ${p.op.path}`);
  };

  /** `timed`: an answer slower than slowMs is a finding (a burst's copies wait for each other; it checks the loop). */
  const check = (p: Planned, res: LightMyRequestResponse, elapsedMs: number, timed = true) => {
    report.requests += 1;
    report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
    report.byKind[p.kind] = (report.byKind[p.kind] ?? 0) + 1;
    if (elapsedMs > report.slowestMs) {
      report.slowestMs = Math.round(elapsedMs);
      report.slowest = `${p.kind} ${p.op.method} ${p.url.slice(0, 120)} → ${res.statusCode}`;
    }
    // 503 in the error envelope is an honest 'not here' (e.g. a process without the ML queue); any other 5xx is a
    // crash.
    const unavailable = res.statusCode === 503 && /"success":false/.test(res.body);
    if (res.statusCode >= 500 && !unavailable) find(p, res.statusCode, `status ${res.statusCode}`, res.body);
    for (const leak of LEAKS) if (leak.pattern.test(res.body)) find(p, res.statusCode, leak.name, res.body);
    if (timed && options.slowMs !== undefined && elapsedMs > options.slowMs)
      find(p, res.statusCode, `slow answer: ${Math.round(elapsedMs)} ms`, res.body);
  };

  const send = async (p: Planned, timed = true) => {
    const started = performance.now();
    const res = await app.inject(injectOptions(p));
    check(p, res, performance.now() - started, timed);
  };

  /**
   * The same write `copies` times at once: no 5xx, the event loop not held longer than slowMs (copies that queue
   * for the database are not a finding; copies that each compute on the loop are), and a single-effect write takes
   * effect at most once.
   */
  const burst = async (p: Planned) => {
    const single = options.singleEffectWrites?.find((w) => w.method === p.op.method && w.path === p.op.path);
    const before = single ? await single.effects(app) : 0;
    const blockedMs = await loopBlockedMs(() =>
      Promise.all(Array.from({ length: copies }, () => send(p, false))),
    );
    if (options.slowMs !== undefined && blockedMs > options.slowMs)
      find(p, 200, `event loop held ${Math.round(blockedMs)} ms by ${copies} identical requests at once`, '');
    if (!single) return;
    const took = (await single.effects(app)) - before;
    if (took > 1) find(p, 200, `${copies} identical writes at once took effect ${took} times`, '');
  };

  while (report.requests < options.requests) {
    const kind = kindOf();
    if (kind === 'duplicates') {
      const single = (options.singleEffectWrites ?? []).filter(
        (w) => !spent.has(`duplicates ${w.method} ${w.path}`),
      );
      const target = single.length > 0 && chance(0.3) ? pick(single) : undefined;
      const fresh = pools.duplicates.filter((o) => !spent.has(`duplicates ${o.method} ${o.path}`));
      const op = target
        ? pools.duplicates.find((o) => o.method === target.method && o.path === target.path)
        : fresh.length > 0
          ? pick(fresh)
          : undefined;
      if (op) {
        const body = valueOf(op.body, 0, true);
        await burst({
          kind,
          op,
          url: urlOf(op, true),
          token: target?.token ?? pick(callers),
          payload: body,
        });
        continue;
      }
    }
    await send(plan(kind));
  }
  return report;
}
