import { adminEmailSchema } from '@bist/contracts';
import { withCliDatabase } from './cli-database.ts';
import { parseCliOptions } from './cli-options.ts';
import { systemClock } from '@/lib/clock';
import { NotFoundError } from '@/lib/errors';
import { createCustomerResets, createPlatformServices } from '@/composition/services';

export const RESET_LINK_USAGE = 'Usage: npm run cli -- reset-link --email <e-mail> [--investor]';

/**
 * Prints a one-time password-reset link for an active staff account (or, with --investor, an investor account): the
 * operator's way to let a locked-out owner back in when the server cannot send e-mail. The link works once, for
 * 30 minutes; hand it over only to the account's owner.
 */
export async function run(args: string[]): Promise<number> {
  const parsed = parseCliOptions(
    args,
    { email: { type: 'string' }, investor: { type: 'boolean' } },
    RESET_LINK_USAGE,
  );
  if (typeof parsed === 'number') return parsed;
  const values = parsed as { email?: string; investor?: boolean };
  const email = adminEmailSchema.safeParse(values.email);
  if (!email.success) {
    console.error(`--email: ${email.error.issues[0]?.message ?? 'invalid'}\n${RESET_LINK_USAGE}`);
    return 1;
  }
  return withCliDatabase(async (config, database) => {
    const base = { config, database, clock: systemClock };
    const platform = createPlatformServices(base);
    const resets = values.investor ? createCustomerResets(base, platform) : platform.adminResets;
    try {
      console.log(await resets.linkFor(email.data));
      return 0;
    } catch (error) {
      if (error instanceof NotFoundError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  });
}
