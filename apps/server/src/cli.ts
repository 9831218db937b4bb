// Operator CLI: `npm run cli -- <command> [args]` (runs `node --import tsx src/cli.ts` in apps/server).
// Each command lives in src/cli/<command>.ts and exports `run(args): Promise<number>` (the exit code).
// To add one, add a line to COMMANDS; it is loaded only when asked for.

interface CliCommand {
  summary: string;
  load: () => Promise<{ run(args: string[]): Promise<number> }>;
}

const COMMANDS: Record<string, CliCommand> = {
  'create-admin': {
    summary:
      'create-admin --email <e-mail> --name <name> --password <password> [--role super_admin]  create a staff account',
    load: () => import('./cli/create-admin.ts'),
  },
  'import-prices': {
    summary:
      'import-prices <files or folders…> [--skip-bad-rows]  load EOD CSV files (one transaction per file)',
    load: () => import('./cli/import-prices.ts'),
  },
  'import-series': {
    summary:
      'import-series <file>  load reference series (TÜFE, USD/TRY, EUR/TRY, gram gold, deposit rate) from a CSV',
    load: () => import('./cli/import-series.ts'),
  },
  'market-status': {
    summary:
      'market-status  stored market history: stocks covered, first/last date, bars per source, stocks behind or missing',
    load: () => import('./cli/market-status.ts'),
  },
  'reset-link': {
    summary:
      'reset-link --email <e-mail> [--investor]  print a one-time password-reset link (30 min) for an active account',
    load: () => import('./cli/reset-link.ts'),
  },
  'verify-audit': {
    summary:
      "verify-audit [--expect-head <id>:<hash>]  check the audit log's hash chain against its stored head (exit code 1 when an entry was changed, removed or stripped of its hash)",
    load: () => import('./cli/verify-audit.ts'),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([, command]) => `  ${command.summary}`);
  return ['Usage: npm run cli -- <command> [options]', '', 'Commands:', ...lines].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  const module = await command.load();
  return module.run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
