// An OpenAPI-driven fuzzer: requests every route of the app with values built from its own schemas — mostly
// plausible, often hostile (NUL, huge numbers, wrong types, injection strings, long text) — as anonymous callers,
// investors and staff. A request must never be answered with a 5xx, a stack trace or a secret.
import type { FastifyInstance } from 'fastify';

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

export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Bearer tokens to call with (an investor's, staff of several roles); anonymous and garbage tokens are added. */
  tokens: string[];
  /** Paths left out (streams that never end, logouts that would end the fuzzer's own sessions). */
  skip?: (path: string, method: string) => boolean;
}

export interface FuzzFinding {
  method: string;
  url: string;
  status: number;
  problem: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
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
  'THYAO',
  'GARAN',
  '2026-11-18',
  '2026-02-30',
  '9999-12-31',
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

export async function fuzz(app: FastifyInstance, options: FuzzOptions): Promise<FuzzReport> {
  const random = prng(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;

  const valueOf = (schema: JsonSchema | undefined, depth = 0): unknown => {
    if (!schema || depth > 4) return pick(HOSTILE_STRINGS);
    if (chance(0.15)) return pick<unknown>([...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, true, null, [], {}]);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return chance(0.85) ? pick(schema.enum) : pick(HOSTILE_STRINGS);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) return valueOf(pick(variants), depth + 1);
    const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
    switch (type) {
      case 'string':
        return schema.format === 'date' || chance(0.1)
          ? pick(['2026-11-17', '2026-11-18', '1900-01-01'])
          : pick(HOSTILE_STRINGS);
      case 'number':
      case 'integer': {
        if (chance(0.5) && schema.minimum !== undefined && schema.maximum !== undefined)
          return schema.minimum + Math.floor(random() * (schema.maximum - schema.minimum + 1));
        return pick(HOSTILE_NUMBERS);
      }
      case 'boolean':
        return chance(0.5);
      case 'array':
        return Array.from({ length: Math.floor(random() * 4) }, () => valueOf(schema.items, depth + 1));
      case 'object': {
        const body: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          const required = schema.required?.includes(name) ?? false;
          if (required ? chance(0.92) : chance(0.5)) body[name] = valueOf(property, depth + 1);
        }
        if (chance(0.05)) body[pick(HOSTILE_STRINGS)] = pick(HOSTILE_STRINGS);
        return body;
      }
      default:
        return pick(HOSTILE_STRINGS);
    }
  };

  const operations = operationsOf(app).filter(
    (op) => op.method !== 'HEAD' && !(options.skip?.(op.path, op.method) ?? false),
  );
  const callers = [null, 'garbage-token-000', ...options.tokens];
  const report: FuzzReport = { requests: 0, byStatus: {}, findings: [] };
  for (let i = 0; i < options.requests; i += 1) {
    const op = pick(operations);
    let path = op.path;
    const query = new URLSearchParams();
    for (const parameter of op.parameters) {
      const value = valueOf(parameter.schema);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encode(text));
      else if (parameter.in === 'query' && chance(0.7)) query.set(parameter.name, text);
    }
    path = path.replace(/\{[^}]+\}/g, () => encode(pick(HOSTILE_STRINGS)));
    const url = query.size > 0 ? `${path}?${query.toString()}` : path;
    const token = pick(callers);
    const body = op.body ? valueOf(op.body) : undefined;
    const res = await app.inject({
      method: op.method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined && op.method !== 'GET' ? { payload: body as object } : {}),
    });
    report.requests += 1;
    report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
    const problems: string[] = [];
    // 503 in the error envelope is an honest 'not here' (e.g. a process without the ML queue); any other 5xx is a
    // crash.
    const unavailable = res.statusCode === 503 && /"success":false/.test(res.body);
    if (res.statusCode >= 500 && !unavailable) problems.push(`status ${res.statusCode}`);
    for (const leak of LEAKS) if (leak.pattern.test(res.body)) problems.push(leak.name);
    for (const problem of problems)
      report.findings.push({
        method: op.method,
        url,
        status: res.statusCode,
        problem,
        body: res.body.slice(0, 500),
      });
  }
  return report;
}
