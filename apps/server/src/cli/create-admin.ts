import { ADMIN_ROLES, adminUserCreateSchema, type AdminUser, type AdminUserCreate } from '@bist/contracts';
import { withCliDatabase } from './cli-database.ts';
import { parseCliOptions } from './cli-options.ts';
import { systemClock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { CLI_ACTOR } from '@/lib/actor';
import { createPlatformServices, type PlatformServices } from '@/composition/services';

export const CREATE_ADMIN_USAGE =
  'Usage: npm run cli -- create-admin --email <e-mail> --name <name> --password <password> [--role super_admin]';

/** Bad arguments: a missing option, a weak password, a taken e-mail. The message says which. */
export class CreateAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateAdminError';
  }
}

export interface CreateAdminInput {
  email?: string | undefined;
  name?: string | undefined;
  password?: string | undefined;
  role?: string | undefined;
}

/** Validates the options with the same contract as POST /admin/api/users (a weak password is refused). */
export function parseCreateAdminInput(input: CreateAdminInput): AdminUserCreate {
  const parsed = adminUserCreateSchema.safeParse({
    name: input.name,
    email: input.email,
    password: input.password,
    role: input.role ?? 'super_admin',
    is_active: true,
  });
  if (!parsed.success) {
    throw new CreateAdminError(
      parsed.error.issues.map((issue) => `--${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n'),
    );
  }
  return parsed.data;
}

/**
 * Creates a staff account (by default the first super_admin when DEMO_MODE is off), validated like
 * POST /admin/api/users and audited as done by the CLI.
 */
export async function createAdmin(
  platform: Pick<PlatformServices, 'adminUsers'>,
  input: CreateAdminInput,
): Promise<AdminUser> {
  const data = parseCreateAdminInput(input);
  try {
    return await platform.adminUsers.create(data, CLI_ACTOR, { ip: null, userAgent: 'cli' });
  } catch (error) {
    if (error instanceof AppError)
      throw new CreateAdminError(`--${error.field ?? 'email'}: ${error.message}`);
    throw error;
  }
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCliOptions(
    args,
    {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    CREATE_ADMIN_USAGE,
    `${CREATE_ADMIN_USAGE}\nRoles: ${ADMIN_ROLES.join(', ')}`,
  );
  if (typeof parsed === 'number') return parsed;
  const values = parsed as { email?: string; name?: string; password?: string; role?: string };

  try {
    parseCreateAdminInput(values); // refuse bad options before touching the database
  } catch (error) {
    if (error instanceof CreateAdminError) {
      console.error(`${error.message}\n${CREATE_ADMIN_USAGE}`);
      return 1;
    }
    throw error;
  }

  return withCliDatabase(async (config, database) => {
    try {
      const user = await createAdmin(
        createPlatformServices({ config, database, clock: systemClock }),
        values,
      );
      console.log(
        `Created ${user.role} ${user.email} (${user.name}), id ${user.id}. Sign in at /admin/login.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof CreateAdminError) {
        console.error(`${error.message}\n${CREATE_ADMIN_USAGE}`);
        return 1;
      }
      throw error;
    }
  });
}
