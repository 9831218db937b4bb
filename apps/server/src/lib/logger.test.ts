import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import Fastify, { LogController } from 'fastify';
import { AccessLog, accessLineFixed, createLogger, registerAccessLog, serializeError } from './logger.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

function memoryLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('logging', () => {
  it('never writes a failed query’s parameters or the driver’s detail, but keeps its SQL and code', () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "admin_users_email"'),
      {
        code: '23505',
        constraint: 'admin_users_email',
        detail: 'Key (email)=(ceo@bistai.demo) already exists.',
      },
    );
    const failed = new DrizzleQueryError(
      'insert into admin_users (email, password_hash) values ($1, $2)',
      ['ceo@bistai.demo', HASH],
      pgError,
    );
    const { lines, stream } = memoryLog();
    createLogger('info', stream).error({ err: failed }, 'unhandled error');
    const line = lines.join('');
    expect(line).not.toContain(HASH);
    expect(line).not.toContain('ceo@bistai.demo');
    expect(line).toContain('insert into admin_users');
    expect(line).toContain('23505');
    const serialized = serializeError(failed) as { message: string; cause: { code: string } };
    expect(serialized.message).toBe(
      'Failed query: insert into admin_users (email, password_hash) values ($1, $2)',
    );
    expect(serialized.cause.code).toBe('23505');
  });

  it('redacts credentials wherever they appear in a line', () => {
    const { lines, stream } = memoryLog();
    createLogger('info', stream).info(
      {
        body: { email: 'a@b.co', password: 'sifre-12345' },
        user: { passwordHash: HASH },
        req: { headers: { authorization: 'Bearer abc' } },
      },
      'request',
    );
    const line = lines.join('');
    expect(line).not.toContain('sifre-12345');
    expect(line).not.toContain(HASH);
    expect(line).not.toContain('Bearer abc');
    expect(line).toContain('[redacted]');
  });

  it('writes one compact access line per request, without headers', async () => {
    const { lines, stream } = memoryLog();
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerAccessLog(app, stream);
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x?q=1', headers: { authorization: 'Bearer secret-token' } });
    await app.close();
    const access = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', url: '/x?q=1', status: 200 });
    expect(lines.join('')).not.toContain('secret-token');
  });

  it('writes access lines in batches, each a JSON line whatever its URL holds', () => {
    const { lines, stream } = memoryLog();
    const log = new AccessLog(stream, 400);
    const urls = ['/api/x?q="a"\\b', '/api/ş?\u0001', '/api/plain'];
    for (const url of urls) log.line('id-1', 'GET', url, 200, 1.25);
    // Under the batch size: nothing written yet; closing writes the rest.
    expect(lines).toHaveLength(0);
    log.close();
    expect(lines).toHaveLength(1);
    const parsed = lines[0]!
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => l.url)).toEqual(urls);
    expect(parsed[0]).toMatchObject({
      level: 30,
      reqId: 'id-1',
      method: 'GET',
      status: 200,
      ms: 1.3,
      msg: 'request',
    });
    // Past the batch size a write goes out at once.
    const big = new AccessLog(stream, 100);
    big.line('id-2', 'GET', '/api/'.padEnd(120, 'y'), 200, 1);
    expect(lines).toHaveLength(2);
    big.close();
  });

  it('writes the same line from a fixed part made once (the hot path) as from its fields', () => {
    const { lines, stream } = memoryLog();
    const log = new AccessLog(stream);
    const url = '/api/stocks/list?search="ş"';
    log.line('id-3', 'GET', url, 200, 0.04);
    log.lineFixed('id-3', accessLineFixed('GET', url, 200), 0.04);
    log.close();
    const [routed, hot] = lines
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(hot).toEqual({ ...routed, time: hot!.time });
    expect(hot).toMatchObject({ reqId: 'id-3', url, status: 200, ms: 0 });
  });
});
