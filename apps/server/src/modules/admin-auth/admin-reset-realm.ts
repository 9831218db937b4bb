import type { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import type { ResetRealm, ResetTexts } from '@/modules/password-reset/password-reset.service';
import type { StaffSignInStore } from './admin-auth.service.ts';

/** The staff realm's words (the admin platform is in English). */
export const ADMIN_RESET_TEXTS: ResetTexts = {
  requested: 'If an active staff account has this e-mail, a password-reset link is on its way.',
  invalidToken: 'This reset link is invalid, used or expired. Ask for a new one.',
  mailUnavailable:
    'E-mail is not configured on this server: ask an operator for a reset link (npm run cli -- reset-link).',
  tooMany: 'Too many reset requests. Please try again later.',
  resetMail: (link, minutes) => ({
    subject: 'BIST AI staff: reset your password',
    text: [
      'Somebody (hopefully you) asked to reset the password of your BIST AI staff account.',
      '',
      `Open this link within ${minutes} minutes to choose a new password (it works once):`,
      link,
      '',
      'Setting a new password ends every open session of the account and its sign-in lock.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  }),
  lockoutMail: (ip, requestLink) => ({
    subject: 'BIST AI staff: sign-in attempts on your account were stopped',
    text: [
      `Repeated wrong passwords for your BIST AI staff account came from the address ${ip}.`,
      'Sign-in from that address, and from addresses you never signed in from, is paused for a while;',
      'your password was not accepted and nothing in your account changed.',
      '',
      'If you cannot sign in now, ask for a password-reset link (it comes only to this mailbox):',
      requestLink,
    ].join('\n'),
  }),
};

/** Password reset for staff: active accounts only; the new password is set and audited by AdminUsersService. */
export function adminResetRealm(
  repo: Pick<StaffSignInStore, 'findUserByEmail'>,
  users: AdminUsersService,
): ResetRealm {
  return {
    name: 'admin',
    resetPage: '/admin/reset-password',
    requestPage: '/admin/forgot-password',
    texts: ADMIN_RESET_TEXTS,
    async findActiveAccount(email) {
      const user = await repo.findUserByEmail(email);
      return user?.isActive ? { id: user.id, email: user.email } : undefined;
    },
    setPassword: (userId, passwordHash, meta) => users.resetPassword(userId, passwordHash, meta),
  };
}
