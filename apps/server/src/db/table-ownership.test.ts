// One owner per table: every table is declared in the schema file named after the module that owns it
// (`db/schema/<owner>.ts`; `market` is the market engine in src/market), and only that module's code queries it.
// Another capability's data is reached through the owning module's service or a port it implements, never by
// naming its table. The one exception is declared here: the KVKK export and erasure, which by law reach every
// table that holds an investor (the tables listed in modules/privacy/kvkk.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA = path.join(SRC, 'db', 'schema');

/** Files allowed to query tables they do not own, and why. */
const ACROSS_OWNERS: Record<string, string> = {
  'modules/privacy/privacy.repository.ts':
    "the investor's KVKK export and erasure read and erase every table kvkk.ts lists",
};

interface Table {
  exportName: string;
  sqlName: string;
  owner: string;
}

/** Every table of the schema with its owner (the schema file's name). */
function schemaTables(): Table[] {
  const tables: Table[] = [];
  for (const file of fs.readdirSync(SCHEMA)) {
    if (!file.endsWith('.ts') || file === 'index.ts' || file === 'columns.ts') continue;
    const text = fs.readFileSync(path.join(SCHEMA, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      tables.push({ exportName: m[1]!, sqlName: m[2]!, owner: file.replace(/\.ts$/, '') });
  }
  return tables;
}

/** The capability a source file belongs to: its module under modules/, else its top folder (market, cli, …). */
function ownerOfFile(rel: string): string {
  const parts = rel.split('/');
  return parts[0] === 'modules' ? parts[1]! : parts[0]!;
}

/**
 * The tables a file queries: the schema's table objects it imports as values (drizzle queries), and the tables
 * its SQL text names after FROM, JOIN, INTO, UPDATE or TABLE (raw `sql` templates and strings; comments are not
 * read).
 */
function tablesQueried(source: string, tables: Table[]): Set<string> {
  const byExport = new Map(tables.map((t) => [t.exportName, t.sqlName]));
  const sqlNames = new Set(tables.map((t) => t.sqlName));
  const found = new Set<string>();
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const readSql = (text: string) => {
    for (const m of text.matchAll(/\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
      const name = m[1]!.toLowerCase();
      if (sqlNames.has(name)) found.add(name);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (from.startsWith('@/db/schema') && clause && !clause.isTypeOnly) {
        const named = clause.namedBindings;
        if (named && ts.isNamedImports(named))
          for (const el of named.elements) {
            if (el.isTypeOnly) continue;
            const sqlName = byExport.get((el.propertyName ?? el.name).text);
            if (sqlName) found.add(sqlName);
          }
      }
      return;
    }
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isStringLiteral(node)
    )
      readSql(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** `file: table (owner)` for every query of a table outside its owner, the declared exceptions left out. */
function trespasses(files: { rel: string; source: string }[], tables: Table[]): string[] {
  const ownerOf = new Map(tables.map((t) => [t.sqlName, t.owner]));
  const found: string[] = [];
  for (const { rel, source } of files) {
    if (rel.startsWith('db/') || ACROSS_OWNERS[rel]) continue;
    const owner = ownerOfFile(rel);
    for (const table of tablesQueried(source, tables))
      if (ownerOf.get(table) !== owner) found.push(`${rel}: ${table} (owned by ${ownerOf.get(table)})`);
  }
  return found.sort();
}

const TABLES = schemaTables();

describe('table ownership', () => {
  it('names every schema file after a module that exists (or the market engine)', () => {
    const owners = new Set(TABLES.map((t) => t.owner));
    const modules = new Set(fs.readdirSync(path.join(SRC, 'modules')));
    expect([...owners].filter((o) => o !== 'market' && !modules.has(o))).toEqual([]);
    expect(TABLES.length).toBeGreaterThan(40);
  });

  it('finds the tables a repository queries, by drizzle object and by raw SQL, and not in comments', () => {
    const source = [
      "import { and } from 'drizzle-orm';",
      "import { dailyBars, type minuteBars } from '@/db/schema/index';",
      "import type { predictions } from '@/db/schema/index';",
      '// reads ml_runs later',
      'const q = sql`select p.x from ml_models m join prediction_evaluations e on true where ${a}`;',
      "const r = 'insert into compliance_runs (id) values ($1)';",
    ].join('\n');
    expect([...tablesQueried(source, TABLES)].sort()).toEqual([
      'compliance_runs',
      'daily_bars',
      'ml_models',
      'prediction_evaluations',
    ]);
  });

  it('fails on a deliberate cross-module query', () => {
    const file = {
      rel: 'modules/compliance/compliance.repository.ts',
      source: 'const rows = sql`select symbol from daily_bars d join compliance_rules r on true`;',
    };
    expect(trespasses([file], TABLES)).toEqual([
      'modules/compliance/compliance.repository.ts: daily_bars (owned by market)',
    ]);
    // The declared exception may reach any table.
    expect(trespasses([{ ...file, rel: 'modules/privacy/privacy.repository.ts' }], TABLES)).toEqual([]);
  });

  it('no source file queries a table another module owns (privacy erasure excepted)', () => {
    const files = sourceFiles(SRC).map((full) => ({
      rel: path.relative(SRC, full).split(path.sep).join('/'),
      source: fs.readFileSync(full, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(trespasses(files, TABLES)).toEqual([]);
  });
});
