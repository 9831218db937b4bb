// Vitest global setup of the server suites: migrate once per run, clone per test file. PGlite: a migrated cluster is
// dumped to a file that every test database loads. PostgreSQL (DATABASE_URL): a migrated template database that
// every test database is created from (`CREATE DATABASE … TEMPLATE`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '@/config/env';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from '@/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite cluster (test/helpers.ts loads it). */
    pgliteTemplatePath: string;
    /** A migrated database on DATABASE_URL's server to create test databases from; '' without DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-test-template-'));
  const dumpPath = path.join(dir, 'pglite-template.tar');
  // The same migrations as migrateDatabase, applied in-process so the cluster can be dumped.
  const pglite = await PGlite.create();
  await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_FOLDER });
  fs.writeFileSync(dumpPath, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplatePath', dumpPath);

  const url = testDatabaseUrl();
  let template = '';
  if (url) {
    template = `bist_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
