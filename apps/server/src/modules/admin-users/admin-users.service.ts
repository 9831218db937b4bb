import {
  AUDIT_ACTIONS,
  type AdminRole,
  type AdminUser,
  type AdminUserCreate,
  type AdminUsersQuery,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { hashPassword, verifyPassword } from '@/lib/passwords';
import { NO_REQUEST, SYSTEM_ACTOR, type AdminActor, type RequestMeta } from '@/lib/actor';
import type { AuditService } from '@/modules/audit/audit.service';
import type { AdminUserRow, AdminUsersRepository } from './admin-users.repository.ts';

export type { AdminUserRow };
import { staffChangeRefusal, type StaffChange } from './staff-levels.ts';
import {
  AdminEmailTakenError,
  AdminUserNotFoundError,
  CurrentPasswordRequiredError,
  CurrentPasswordWrongError,
  LastSuperAdminError,
  SelfLockoutError,
  StaffLevelError,
  SuperAdminOnlyError,
} from './admin-users.errors.ts';

/** A validated edit: only the fields present change; `password` is already blank-stripped by the contract. */
export interface AdminUserChanges {
  name?: string | undefined;
  email?: string | undefined;
  role?: AdminRole | undefined;
  password?: string | undefined;
  is_active?: boolean | undefined;
  /** Needed for one's own password or e-mail. */
  current_password?: string | undefined;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as AdminRole,
    is_active: row.isActive,
    last_login: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The audit view of a user: what the API shows, never the hash. */
function refuseIfNotAllowed(actor: AdminActor, change: StaffChange): void {
  const refusal = staffChangeRefusal(actor, change);
  if (refusal) throw new StaffLevelError(refusal);
}

function auditView(row: AdminUserRow) {
  const { last_login: _lastLogin, updated_at: _updatedAt, ...rest } = toAdminUser(row);
  return rest;
}

const SUPER_ADMIN: AdminRole = 'super_admin';

/**
 * Staff management (spec §2 user management, §5). Rules: unique e-mail; only a super_admin touches super_admin
 * accounts (nobody else may grant full access); nobody deletes or deactivates themself; an active super_admin always
 * remains. Each change and its audit entry are written in one transaction under a lock.
 */
export class AdminUsersService {
  constructor(
    private readonly repo: AdminUsersRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(query: AdminUsersQuery): Promise<AdminUser[]> {
    const rows = await this.repo.list({
      search: query.search || undefined,
      role: query.role,
      isActive: query.status === 'all' ? undefined : query.status === 'active',
    });
    return rows.map(toAdminUser);
  }

  async create(input: AdminUserCreate, actor: AdminActor, meta: RequestMeta): Promise<AdminUser> {
    await this.refusalAudited(actor, meta, async (note) => {
      note({ kind: 'create', role: input.role });
      if (input.role === SUPER_ADMIN && !actor.permissions.includes('all')) throw new SuperAdminOnlyError();
      refuseIfNotAllowed(actor, { kind: 'create', role: input.role });
    });
    const passwordHash = await hashPassword(input.password);
    return this.repo.transaction(async (repo, tx) => {
      const row = await repo.insert({
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
        isActive: input.is_active,
        createdAt: this.clock.now(),
      });
      if (!row) throw new AdminEmailTakenError();
      await this.audit.record(
        {
          eventType: 'system_config',
          action: AUDIT_ACTIONS.userCreated,
          actor,
          target: { type: 'admin_user', id: row.id },
          after: auditView(row),
          meta,
        },
        tx,
      );
      return toAdminUser(row);
    });
  }

  async update(
    id: string,
    changes: AdminUserChanges,
    actor: AdminActor,
    meta: RequestMeta,
  ): Promise<AdminUser> {
    const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
    const { current_password: _currentPassword, ...requested } = changes;
    const attempted = { ...requested, password: changes.password ? '(new password)' : undefined };
    return this.refusalAudited(actor, meta, (note) =>
      this.repo.transaction(async (repo, tx) => {
        const current = await repo.findById(id);
        if (!current) throw new AdminUserNotFoundError();
        const change: StaffChange = {
          kind: 'update',
          target: { id: current.id, role: current.role as AdminRole },
          newRole: changes.role,
          setsPassword: Boolean(changes.password),
        };
        note(change, { requested: attempted });
        const isAllPowerful = actor.permissions.includes('all');
        if ((current.role === SUPER_ADMIN || changes.role === SUPER_ADMIN) && !isAllPowerful)
          throw new SuperAdminOnlyError();
        refuseIfNotAllowed(actor, change);
        const ownCredentials =
          current.id === actor.id &&
          (Boolean(changes.password) || (changes.email !== undefined && changes.email !== current.email));
        if (ownCredentials) {
          if (!changes.current_password) throw new CurrentPasswordRequiredError();
          if (!(await verifyPassword(current.passwordHash, changes.current_password)))
            throw new CurrentPasswordWrongError();
        }
        const deactivating = changes.is_active === false && current.isActive;
        if (deactivating && current.id === actor.id) throw new SelfLockoutError('deactivate');
        const losesSuperAdmin =
          current.role === SUPER_ADMIN &&
          current.isActive &&
          (deactivating || (changes.role !== undefined && changes.role !== SUPER_ADMIN));
        if (losesSuperAdmin && (await repo.countActiveWithRole(SUPER_ADMIN)) <= 1)
          throw new LastSuperAdminError();
        if (
          changes.email &&
          changes.email !== current.email &&
          (await repo.emailTakenByOther(changes.email, id))
        ) {
          throw new AdminEmailTakenError();
        }

        const now = this.clock.now();
        const updated = await repo.update(id, {
          updatedAt: now,
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.role !== undefined ? { role: changes.role } : {}),
          ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        });
        if (!updated) throw new AdminUserNotFoundError();
        // A new password or a deactivation ends the account's other sessions (the caller keeps their own).
        const revokedSessions =
          passwordHash || deactivating
            ? await repo.revokeSessions(id, now, current.id === actor.id ? actor.sessionId : undefined)
            : 0;
        await this.audit.record(
          {
            eventType: 'system_config',
            action: AUDIT_ACTIONS.userUpdated,
            actor,
            target: { type: 'admin_user', id },
            before: auditView(current),
            after: auditView(updated),
            details: { password_changed: Boolean(passwordHash), revoked_sessions: revokedSessions },
            meta,
          },
          tx,
        );
        return toAdminUser(updated);
      }),
    );
  }

  /** Deletes a staff member; their sessions go with them (foreign key cascade). */
  async delete(id: string, actor: AdminActor, meta: RequestMeta): Promise<void> {
    await this.refusalAudited(actor, meta, (note) =>
      this.repo.transaction(async (repo, tx) => {
        const current = await repo.findById(id);
        if (!current) throw new AdminUserNotFoundError();
        if (current.id === actor.id) throw new SelfLockoutError('delete');
        const change: StaffChange = {
          kind: 'delete',
          target: { id: current.id, role: current.role as AdminRole },
        };
        note(change);
        if (current.role === SUPER_ADMIN && !actor.permissions.includes('all'))
          throw new SuperAdminOnlyError();
        refuseIfNotAllowed(actor, change);
        if (
          current.role === SUPER_ADMIN &&
          current.isActive &&
          (await repo.countActiveWithRole(SUPER_ADMIN)) <= 1
        ) {
          throw new LastSuperAdminError();
        }
        await repo.delete(id);
        await this.audit.record(
          {
            eventType: 'system_config',
            action: AUDIT_ACTIONS.userDeleted,
            actor,
            target: { type: 'admin_user', id },
            before: auditView(current),
            meta,
          },
          tx,
        );
      }),
    );
  }

  /**
   * Makes sure these demo accounts exist (demo staff at start, flagged as demo): missing ones are created, existing
   * ones left as they are, so running it again changes nothing. Returns how many were created.
   */
  async ensureDemoAccounts(
    accounts: readonly { name: string; email: string; role: AdminRole; password: string }[],
  ): Promise<number> {
    const missing: (typeof accounts)[number][] = [];
    for (const account of accounts) if (!(await this.repo.findByEmail(account.email))) missing.push(account);
    // Hashing runs on libuv's pool: hash the missing accounts together, insert them one by one.
    const hashes = await Promise.all(missing.map((account) => hashPassword(account.password)));
    let created = 0;
    for (const [index, account] of missing.entries()) {
      const row = await this.repo.insert({
        name: account.name,
        email: account.email,
        role: account.role,
        passwordHash: hashes[index] ?? (await hashPassword(account.password)),
        isActive: true,
        isDemo: true,
        createdAt: this.clock.now(),
      });
      if (row) created += 1;
    }
    return created;
  }

  /**
   * Outside demo mode, at start: deactivates every active account seeded as demo staff (by its flag, whatever its
   * e-mail or password has become: anybody could sign in as it while demo mode was on) and every active account
   * whose password verifies against one of the published demo passwords, and ends their sessions; audited as the
   * server. Returns the e-mails deactivated.
   */
  async deactivateDemoAccounts(publishedPasswords: readonly string[]): Promise<string[]> {
    const deactivated: string[] = [];
    for (const row of await this.repo.list({ isActive: true })) {
      const reason = row.isDemo
        ? 'demo_account_outside_demo_mode'
        : (await Promise.all(publishedPasswords.map((p) => verifyPassword(row.passwordHash, p)))).some(
              Boolean,
            )
          ? 'published_demo_password_outside_demo_mode'
          : null;
      if (!reason) continue;
      await this.repo.transaction(async (repo, tx) => {
        const now = this.clock.now();
        const updated = await repo.update(row.id, { isActive: false, updatedAt: now });
        const revokedSessions = await repo.revokeSessions(row.id, now);
        await this.audit.record(
          {
            eventType: 'system_config',
            action: AUDIT_ACTIONS.userUpdated,
            actor: SYSTEM_ACTOR,
            target: { type: 'admin_user', id: row.id },
            before: auditView(row),
            after: updated ? auditView(updated) : null,
            details: { reason, revoked_sessions: revokedSessions },
            meta: NO_REQUEST,
          },
          tx,
        );
      });
      deactivated.push(row.email);
    }
    return deactivated;
  }

  /**
   * A password set through a reset link: the new hash, every session of the account ended, audited as the staff
   * member themself. Undefined when the account is gone or inactive.
   */
  async resetPassword(
    id: string,
    passwordHash: string,
    meta: RequestMeta,
  ): Promise<{ email: string; revokedSessions: number } | undefined> {
    return this.repo.transaction(async (repo, tx) => {
      const current = await repo.findById(id);
      if (!current?.isActive) return undefined;
      const now = this.clock.now();
      await repo.update(id, { passwordHash, updatedAt: now });
      const revokedSessions = await repo.revokeSessions(id, now);
      await this.audit.record(
        {
          eventType: 'user_login',
          action: AUDIT_ACTIONS.passwordReset,
          actor: { id: current.id, email: current.email },
          target: { type: 'admin_user', id },
          details: { via: 'reset_link', revoked_sessions: revokedSessions },
          meta,
        },
        tx,
      );
      return { email: current.email, revokedSessions };
    });
  }

  /**
   * Runs a staff change whose level checks `note` the change first. A refusal for the actor's level (super_admin
   * only, or beyond their level) is written to the audit log on its own, after the change's transaction has rolled
   * back, and rethrown.
   */
  private async refusalAudited<T>(
    actor: AdminActor,
    meta: RequestMeta,
    run: (note: (change: StaffChange, extra?: Record<string, unknown>) => void) => Promise<T>,
  ): Promise<T> {
    let noted: { change: StaffChange; extra: Record<string, unknown> } | undefined;
    try {
      return await run((change, extra = {}) => {
        noted = { change, extra };
      });
    } catch (error) {
      if (noted && (error instanceof SuperAdminOnlyError || error instanceof StaffLevelError)) {
        const { change, extra } = noted;
        await this.audit.record({
          eventType: 'system_config',
          action: AUDIT_ACTIONS.userChangeRefused,
          actor,
          ...(change.kind === 'create' ? {} : { target: { type: 'admin_user', id: change.target.id } }),
          details: {
            change: change.kind,
            ...(change.kind === 'create' ? { role: change.role } : { target_role: change.target.role }),
            ...(change.kind === 'update' && change.newRole ? { new_role: change.newRole } : {}),
            reason: error.message,
            ...extra,
          },
          meta,
        });
      }
      throw error;
    }
  }

  async countByRole(): Promise<Record<string, number>> {
    const rows = await this.repo.countByRole();
    return Object.fromEntries(rows.map((row) => [row.role, row.count]));
  }
}
