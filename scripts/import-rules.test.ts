// The house rules fail on a deliberate violation: the import boundaries and the '../' rule of eslint.config.js (each
// probe is linted as if it lived at that path), and the import-graph check on planted cycles.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { cyclesOf, folderGraph, folderOf } from './check-import-graph.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: ROOT,
  // Without type information: the probes are not on disk, and only the import rules are under test.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) =>
    ruleId.startsWith('import-x/') ||
    ruleId === 'no-restricted-imports' ||
    ruleId === '@typescript-eslint/no-restricted-imports',
});

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** A real module of another web feature, whatever the features are called today. */
function otherFeatureModule(except: string): string {
  const features = path.join(ROOT, 'apps/web/src/features');
  const other = fs.readdirSync(features).find((f) => f !== except)!;
  const file = fs
    .readdirSync(path.join(features, other), { recursive: true, encoding: 'utf8' })
    .find((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))!;
  return `@/features/${other}/${file.replace(/\.tsx?$/, '')}`;
}

describe('import boundaries (eslint.config.js)', () => {
  it('refuses a web feature importing another feature', async () => {
    const feature = fs.readdirSync(path.join(ROOT, 'apps/web/src/features'))[0]!;
    const errors = await importErrors(
      `apps/web/src/features/${feature}/probe.ts`,
      `import * as other from '${otherFeatureModule(feature)}';\nexport const x = other;\n`,
    );
    expect(errors.join('\n')).toMatch(
      /import-x\/no-restricted-paths: .*Web features never import each other/,
    );
  });

  it('refuses shared components importing a feature, and a package importing an app', async () => {
    expect(
      (
        await importErrors(
          'apps/web/src/components/probe.ts',
          `import * as f from '${otherFeatureModule('')}';\nexport const x = f;\n`,
        )
      ).join('\n'),
    ).toMatch(/never depend on a feature/);
    expect(
      (
        await importErrors(
          'packages/ml/src/probe.ts',
          "import { buildApp } from '../../../apps/server/src/app.ts';\nexport const x = buildApp;\n",
        )
      ).join('\n'),
    ).toMatch(/Packages are pure and shared/);
  });

  it("refuses a server module reaching another module's repository, and lets it use the service", async () => {
    const repository = await importErrors(
      'apps/server/src/modules/portfolio/probe.ts',
      "import { AuthRepository } from '@/modules/auth/auth.repository';\nexport const x = AuthRepository;\n",
    );
    expect(repository.join('\n')).toMatch(/through its service, never through that module's repository/);
    const service = await importErrors(
      'apps/server/src/modules/portfolio/probe.ts',
      "import { AuthService } from '@/modules/auth/auth.service';\nexport const x = AuthService;\n",
    );
    expect(service).toEqual([]);
  });

  it('refuses the ground floor importing a capability, a module importing the composition root, and ../', async () => {
    expect(
      (
        await importErrors(
          'apps/server/src/lib/probe.ts',
          "import { AuthService } from '@/modules/auth/auth.service';\nexport const x = AuthService;\n",
        )
      ).join('\n'),
    ).toMatch(/ground floor/);
    expect(
      (
        await importErrors(
          'apps/server/src/modules/alerts/probe.ts',
          "import { createServices } from '@/composition/services';\nexport const x = createServices;\n",
        )
      ).join('\n'),
    ).toMatch(/never reach the composition root/);
    expect(
      (
        await importErrors(
          'apps/server/src/modules/alerts/probe.ts',
          "import { AuthService } from '../auth/auth.service.ts';\nexport const x = AuthService;\n",
        )
      ).join('\n'),
    ).toMatch(/no-restricted-imports: .*alias/);
  });
});

describe('no zod in the web app (eslint.config.js)', () => {
  it('refuses a value import from the contracts index in web code, and allows types and the values entry', async () => {
    const probe = 'apps/web/src/features/market/api/probe.ts';
    expect(
      (
        await importErrors(
          probe,
          "import { stockListSchema } from '@bist/contracts';\nexport const x = stockListSchema;\n",
        )
      ).join('\n'),
    ).toMatch(/@typescript-eslint\/no-restricted-imports: .*imports only types/);
    expect(
      await importErrors(
        probe,
        "import type { Infer, stockListSchema } from '@bist/contracts';\n" +
          "import { STOCKS_PAGE_SIZE } from '@bist/contracts/values';\n" +
          'export type X = Infer<typeof stockListSchema>;\nexport const y = STOCKS_PAGE_SIZE;\n',
      ),
    ).toEqual([]);
  });

  it('refuses zod and schema modules in the contracts values entry', async () => {
    const probe = 'packages/contracts/src/probe.values.ts';
    expect((await importErrors(probe, "import { z } from 'zod';\nexport const x = z;\n")).join('\n')).toMatch(
      /no-restricted-imports: .*no zod here/,
    );
    expect(
      (
        await importErrors(
          probe,
          "import { adminEmailSchema } from './admin.ts';\nexport const x = adminEmailSchema;\n",
        )
      ).join('\n'),
    ).toMatch(/no-restricted-imports: .*only zod-free modules/);
    expect(
      await importErrors(
        probe,
        "import { ADMIN_ROLES } from './roles.ts';\nimport { VAT_PERCENT } from './bi.values.ts';\n" +
          'export const x = [ADMIN_ROLES, VAT_PERCENT];\n',
      ),
    ).toEqual([]);
  });
});

describe('import graph check (scripts/check-import-graph.mjs)', () => {
  it('finds file cycles, folder cycles and nothing in an acyclic graph', () => {
    const f = (p: string) => path.join(ROOT, p);
    const a = f('apps/server/src/modules/a/a.service.ts');
    const b = f('apps/server/src/modules/b/b.service.ts');
    const b2 = f('apps/server/src/modules/b/b.routes.ts');
    const lib = f('apps/server/src/lib/money.ts');
    const acyclic = new Map([
      [a, new Set([lib])],
      [b, new Set([a, lib])],
      [lib, new Set<string>()],
    ]);
    expect(cyclesOf(acyclic)).toEqual([]);
    expect(cyclesOf(folderGraph(acyclic))).toEqual([]);
    // a → b.routes and b.service → a: no file cycle, but the two module folders depend on each other.
    const folders = new Map([
      [a, new Set([b2])],
      [b, new Set([a])],
      [b2, new Set<string>()],
    ]);
    expect(cyclesOf(folders)).toEqual([]);
    expect(cyclesOf(folderGraph(folders))).toEqual([
      ['apps/server/src/modules/a', 'apps/server/src/modules/b'],
    ]);
    const files = new Map([
      [a, new Set([b])],
      [b, new Set([a])],
    ]);
    expect(cyclesOf(files)).toEqual([[a, b].sort()]);
    expect(folderOf(f('packages/ml/src/algorithms/linear.ts'))).toBe('packages/ml');
    expect(folderOf(f('apps/web/src/features/market/api/get-stock-list.ts'))).toBe(
      'apps/web/src/features/market',
    );
  });
});
