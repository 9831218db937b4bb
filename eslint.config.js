// One flat config for the whole monorepo: type-aware typescript-eslint everywhere, and the house's layering rules
// (docs/ARCHITECTURE.md): which folder may import which, no import cycles, the `@/` alias inside the apps.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const foldersIn = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const WEB_FEATURES = foldersIn('apps/web/src/features');
const SERVER_MODULES = foldersIn('apps/server/src/modules');

/** Import boundaries, each with the reason a reader sees when an import crosses it. */
const BOUNDARIES = [
  {
    target: './packages',
    from: './apps',
    message: 'Packages are pure and shared: they never import an app.',
  },
  { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  ...WEB_FEATURES.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: WEB_FEATURES.filter((other) => other !== feature).map(
      (other) => `./apps/web/src/features/${other}`,
    ),
    message: 'Web features never import each other: a route file (app/routes) composes them.',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared widgets and helpers (components/, lib/) never depend on a feature or the app shell.',
  },
  ...SERVER_MODULES.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: SERVER_MODULES.filter((other) => other !== module).map(
      (other) => `./apps/server/src/modules/${other}/*.repository.ts`,
    ),
    message:
      "A server module uses another capability through its service, never through that module's repository.",
  })),
  {
    target: './apps/server/src/modules',
    from: './apps/server/src/composition',
    message: 'Modules never reach the composition root: it creates them and hands them what they need.',
  },
  {
    target: ['./apps/server/src/lib', './apps/server/src/db', './apps/server/src/plugins'],
    from: [
      './apps/server/src/modules',
      './apps/server/src/composition',
      './apps/server/src/jobs',
      './apps/server/src/market',
    ],
    message: 'lib/, db/ and plugins/ are the ground floor of the server: they import no capability.',
  },
  {
    target: ['./apps/server/src/jobs', './apps/server/src/market'],
    from: ['./apps/server/src/modules', './apps/server/src/composition'],
    message: 'The job queue and the market engine are infrastructure: the modules use them, not the reverse.',
  },
];

/** What no package imports (packages/**; the contracts' values entry restates it with its own rules). */
const PURE_PACKAGE = {
  group: ['@bist/server', '@bist/web', 'node:*', 'fs', 'path'],
  message: 'Packages stay pure: no apps, no I/O.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.d.ts',
      'scripts/**/*.mjs',
      '**/*.config.js',
      '**/*.mjs',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/*/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and handlers are async by convention even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration only in apps/server/src/config/env.ts.',
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config/env.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '**/*.config.ts',
      '**/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [PURE_PACKAGE],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'window', 'document', 'fetch'],
    },
  },
  {
    // The contracts' zod-free entry ('@bist/contracts/values', what the web app loads) and everything it re-exports.
    files: [
      'packages/contracts/src/values.ts',
      'packages/contracts/src/*.values.ts',
      'packages/contracts/src/constants.ts',
      'packages/contracts/src/roles.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PURE_PACKAGE,
            {
              group: ['zod', 'zod/*'],
              message:
                'The values entry is what the web app loads: no zod here (schemas stay in the domain module).',
            },
            {
              regex: '^\\./(?!(constants|roles|[\\w-]+\\.values)\\.ts$)',
              message: 'The values entry imports only zod-free modules (constants, roles, *.values.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*'], message: "Import through the app's alias (@/…, @test/…), not '../'." },
          ],
        },
      ],
    },
  },
  {
    // No zod and no schema object in the web app's bundles (decision 0034): types from the contracts' index,
    // values from its zod-free entry. Only the forms that check input with the server's own schema before sending
    // import schemas; they belong to lazily loaded admin screens.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/features/admin/components/users/user-form-dialog.tsx',
      'apps/web/src/features/admin/lib/settings-form.ts',
      'apps/web/src/features/admin-compliance/lib/rule-form.ts',
      'apps/web/src/features/admin-compliance/lib/risk-form.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@bist/contracts',
              allowTypeImports: true,
              message:
                "The web app imports only types from '@bist/contracts' (`import type`); values come from '@bist/contracts/values' (move a plain value to its domain's *.values.ts). Response bodies are typed with Infer<typeof schema>, not parsed.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', '**/test/**'],
    rules: {
      // Tests set up state through whatever they need (another module's repository, the app shell); the boundaries
      // are about the product's code.
      'import-x/no-restricted-paths': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Response bodies in tests are parsed JSON; the assertions check their shape.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
