import { systemClock } from '@/lib/clock';
import { createPlatformServices, type PlatformServices } from '@/composition/services';
import { withCliDatabase } from './cli-database.ts';

/** The report `verify-audit` prints, and whether the chain holds. */
export async function verifyAudit(
  platform: Pick<PlatformServices, 'audit'>,
): Promise<{ ok: boolean; report: string }> {
  const result = await platform.audit.verifyChain();
  const legacy =
    result.unchained > 0 ? ` ${result.unchained} older entries predate the chain and are not checked.` : '';
  if (result.broken)
    return {
      ok: false,
      report: `Audit log chain BROKEN at entry ${result.broken.id}: ${result.broken.reason}. ${result.checked} entries before it hold.${legacy}`,
    };
  return {
    ok: true,
    report: `Audit log chain holds: ${result.checked} entries checked.${legacy}${result.headHash ? ` Newest hash ${result.headHash} (keep it outside the database to detect a rewritten chain).` : ''}`,
  };
}

/** `npm run cli -- verify-audit`: exit code 0 when the chain holds, 1 when it is broken. */
export async function run(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run cli -- verify-audit');
    return 2;
  }
  return withCliDatabase(async (config, database) => {
    const { ok, report } = await verifyAudit(
      createPlatformServices({ config, database, clock: systemClock }),
    );
    (ok ? console.log : console.error)(report);
    return ok ? 0 : 1;
  });
}
