import { useLocation } from 'react-router';
import {
  AdminForgotPasswordPage,
  AdminResetPasswordPage,
} from '@/features/admin/components/password-reset-pages';

/** /admin/forgot-password and /admin/reset-password (the staff's way back in when locked out). */
export default function AdminPasswordResetRoute() {
  return useLocation().pathname.endsWith('/reset-password') ? (
    <AdminResetPasswordPage />
  ) : (
    <AdminForgotPasswordPage />
  );
}
