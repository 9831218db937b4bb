import { useLocation } from 'react-router';
import {
  ForgotPasswordPage,
  RESET_PASSWORD_PATH,
  ResetPasswordPage,
} from '@/features/auth/components/password-reset-pages';

/** /sifremi-unuttum and /sifre-sifirla (the investor's way back in: a link by e-mail). */
export default function PasswordResetRoute() {
  return useLocation().pathname === RESET_PASSWORD_PATH ? <ResetPasswordPage /> : <ForgotPasswordPage />;
}
