import { AppError, ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors';

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  selfDelete: 'You cannot delete your own account',
  selfDeactivate: 'You cannot deactivate your own account',
  lastSuperAdmin: 'At least one active super_admin must remain: this change would leave none',
  superAdminOnly: 'Only a super_admin can create, change or delete super_admin accounts',
} as const;

export class AdminUserNotFoundError extends NotFoundError {
  constructor() {
    super(ADMIN_USER_MESSAGES.notFound);
  }
}

export class AdminEmailTakenError extends ConflictError {
  constructor() {
    super(ADMIN_USER_MESSAGES.emailTaken, 'email');
  }
}

/** Deleting or deactivating one's own account. */
export class SelfLockoutError extends ConflictError {
  constructor(kind: 'delete' | 'deactivate') {
    super(
      kind === 'delete' ? ADMIN_USER_MESSAGES.selfDelete : ADMIN_USER_MESSAGES.selfDeactivate,
      kind === 'delete' ? 'id' : 'is_active',
    );
  }
}

export class LastSuperAdminError extends ConflictError {
  constructor() {
    super(ADMIN_USER_MESSAGES.lastSuperAdmin);
  }
}

export class SuperAdminOnlyError extends ForbiddenError {
  constructor() {
    super(ADMIN_USER_MESSAGES.superAdminOnly);
  }
}

/** A staff change the actor's level does not allow (see staffChangeRefusal). */
export class StaffLevelError extends AppError {
  constructor(refusal: { message: string; field?: string }) {
    super(403, refusal.message, refusal.field);
  }
}
