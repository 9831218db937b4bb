import { systemClock } from '@/lib/clock';
import { createPlatformServices, type PlatformServices } from '@/composition/services';
import { withCliDatabase } from './cli-database.ts';

const USAGE = 'Usage: npm run cli -- verify-audit [--expect-head <id>:<hash>]';

/** A head line kept from an earlier run: `<id>:<64 hex digits>`. */
export function parseKeptHead(text: string): { id: number; hash: string } | null {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { id: Number(match[1]), hash: match[2]! } : null;
}

/**
 * The report `verify-audit` prints, and whether the chain holds. `keptHead`: a head printed by an earlier run and
 * kept outside the database; the chain must still hold it.
 */
export async function verifyAudit(
  platform: Pick<PlatformServices, 'audit'>,
  keptHead: { id: number; hash: string } | null = null,
): Promise<{ ok: boolean; report: string }> {
  const result = await platform.audit.verifyChain({ keptHead });
  const legacy =
    result.unchained > 0
      ? ` ${result.unchained} older entries predate the chain (it starts at entry ${result.startId ?? 'none yet'}) and are not checked.`
      : '';
  if (result.broken) {
    const where = result.broken.id === null ? '' : ` at entry ${result.broken.id}`;
    return {
      ok: false,
      report: `Audit log chain BROKEN${where}: ${result.broken.reason}. ${result.checked} entries before it hold.${legacy}`,
    };
  }
  const head = result.head
    ? ` Head ${result.head.id}:${result.head.hash} — keep this line outside the database; 'verify-audit --expect-head ${result.head.id}:${result.head.hash}' later shows whether any entry up to it changed.`
    : '';
  return {
    ok: true,
    report: `Audit log chain holds: ${result.checked} entries checked, ending at the stored head.${legacy}${head}`,
  };
}

/** `npm run cli -- verify-audit [--expect-head <id>:<hash>]`: exit code 0 when the chain holds, 1 when broken. */
export async function run(args: string[]): Promise<number> {
  let keptHead: { id: number; hash: string } | null = null;
  if (args.length === 2 && args[0] === '--expect-head') keptHead = parseKeptHead(args[1]!);
  if (args.length > 0 && !keptHead) {
    console.error(USAGE);
    return 2;
  }
  return withCliDatabase(async (config, database) => {
    const { ok, report } = await verifyAudit(
      createPlatformServices({ config, database, clock: systemClock }),
      keptHead,
    );
    (ok ? console.log : console.error)(report);
    return ok ? 0 : 1;
  });
}
