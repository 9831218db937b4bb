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
import { staffChangeRefusal, type StaffChange } from './staff-levels.ts';
import {
  AdminEmailTakenError,
  AdminUserNotFoundError,
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
    if (input.role === SUPER_ADMIN && !actor.permissions.includes('all')) throw new SuperAdminOnlyError();
    refuseIfNotAllowed(actor, { kind: 'create', role: input.role });
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
    return this.repo.transaction(async (repo, tx) => {
      const current = await repo.findById(id);
      if (!current) throw new AdminUserNotFoundError();
      const isAllPowerful = actor.permissions.includes('all');
      if ((current.role === SUPER_ADMIN || changes.role === SUPER_ADMIN) && !isAllPowerful)
        throw new SuperAdminOnlyError();
      refuseIfNotAllowed(actor, {
        kind: 'update',
        target: { id: current.id, role: current.role as AdminRole },
        newRole: changes.role,
        setsPassword: Boolean(changes.password),
      });
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
    });
  }

  /** Deletes a staff member; their sessions go with them (foreign key cascade). */
  async delete(id: string, actor: AdminActor, meta: RequestMeta): Promise<void> {
    await this.repo.transaction(async (repo, tx) => {
      const current = await repo.findById(id);
      if (!current) throw new AdminUserNotFoundError();
      if (current.id === actor.id) throw new SelfLockoutError('delete');
      if (current.role === SUPER_ADMIN && !actor.permissions.includes('all')) throw new SuperAdminOnlyError();
      refuseIfNotAllowed(actor, {
        kind: 'delete',
        target: { id: current.id, role: current.role as AdminRole },
      });
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
    });
  }

  /**
   * Makes sure these accounts exist (demo staff at start): missing ones are created, existing ones left as they are,
   * so running it again changes nothing. Returns how many were created.
   */
  async ensureAccounts(
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
        createdAt: this.clock.now(),
      });
      if (row) created += 1;
    }
    return created;
  }

  /**
   * Deactivates those of `accounts` that are active and still sign in with the given (published) password, and ends
   * their sessions; audited as the server. An account whose password was changed is left alone. Returns the e-mails
   * deactivated.
   */
  async deactivateWithPublishedPasswords(
    accounts: readonly { email: string; password: string }[],
  ): Promise<string[]> {
    const deactivated: string[] = [];
    for (const account of accounts) {
      const row = await this.repo.findByEmail(account.email);
      if (!row?.isActive || !(await verifyPassword(row.passwordHash, account.password))) continue;
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
            details: {
              reason: 'published_demo_password_outside_demo_mode',
              revoked_sessions: revokedSessions,
            },
            meta: NO_REQUEST,
          },
          tx,
        );
      });
      deactivated.push(account.email);
    }
    return deactivated;
  }

  async countByRole(): Promise<Record<string, number>> {
    const rows = await this.repo.countByRole();
    return Object.fromEntries(rows.map((row) => [row.role, row.count]));
  }
}
