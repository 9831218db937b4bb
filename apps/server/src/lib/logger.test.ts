import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, serializeError } from './logger.ts';

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
});
