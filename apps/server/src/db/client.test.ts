import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

describe.each([
  ['in a worker thread', true],
  ['on the main thread', false],
])('embedded database %s', (_name, inWorker) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null, inWorker });
  });
  afterAll(async () => database.close());

  it('keeps the connection after an SQL error, with and without parameters', async () => {
    await expect(database.pool.query('select 1/0')).rejects.toThrow('division by zero');
    expect((await database.pool.query('select 2 as a')).rows).toEqual([{ a: 2 }]);
    await expect(database.pool.query('select $1::int / 0', [1])).rejects.toThrow('division by zero');
    expect((await database.pool.query('select $1::int as v', [5])).rows).toEqual([{ v: 5 }]);
  });

  it('rolls back a failed transaction and goes on', async () => {
    await database.pool.query('create table t_err (id int primary key)');
    const client = await database.pool.connect();
    await client.query('begin');
    await client.query('insert into t_err values (1)');
    await expect(client.query('insert into t_err values (1)')).rejects.toThrow(/duplicate key/);
    await client.query('rollback');
    client.release();
    expect((await database.pool.query('select count(*)::int as n from t_err')).rows).toEqual([{ n: 0 }]);
  });
});
