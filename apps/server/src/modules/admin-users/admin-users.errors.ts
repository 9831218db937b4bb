import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors';

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  selfDelete: 'You cannot delete your own account',
  selfDeactivate: 'You cannot deactivate your own account',
  lastSuperAdmin: 'At least one active super_admin must remain: this change would leave none',
  superAdminOnly: 'Only a super_admin can create, change or delete super_admin accounts',
  currentPasswordRequired: 'Changing your own password or e-mail needs your current password',
  currentPasswordWrong: 'The current password is not correct',
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

/** Own password or e-mail changed without the current password, or with a wrong one. */
export class CurrentPasswordRequiredError extends BadRequestError {
  constructor() {
    super(ADMIN_USER_MESSAGES.currentPasswordRequired, 'current_password');
  }
}

export class CurrentPasswordWrongError extends AppError {
  constructor() {
    super(403, ADMIN_USER_MESSAGES.currentPasswordWrong, 'current_password');
  }
}
