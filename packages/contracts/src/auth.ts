import { z } from 'zod';
import { CUSTOMER_ROLES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

export const emailSchema = z
  .string({ error: 'E-posta gerekli' })
  .trim()
  .min(1, 'E-posta gerekli')
  .max(254, 'E-posta en fazla 254 karakter olabilir')
  .pipe(z.email({ error: 'Geçerli bir e-posta adresi girin' }))
  .transform((value) => value.toLowerCase());

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Şifre gerekli' })
    .min(1, 'Şifre gerekli')
    .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A new investor password: what registration asks for. */
export const newPasswordSchema = z
  .string({ error: 'Şifre gerekli' })
  .min(PASSWORD_MIN_LENGTH, `Şifre en az ${PASSWORD_MIN_LENGTH} karakter olmalı`)
  .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`);

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: z.string().trim().min(1, 'Ad gerekli').max(100, 'Ad en fazla 100 karakter olabilir').optional(),
  /** KVKK art. 10: the investor has been shown the aydınlatma metni (PRIVACY_NOTICE_VERSION) and says so. */
  privacy_notice_acknowledged: z.literal(true, {
    error: 'Kayıt için aydınlatma metnini okuduğunuzu onaylayın',
  }),
  /** KVKK art. 5(1) açık rıza: optional, only for campaign e-mails; registration works without it. */
  marketing_consent: z.boolean({ error: 'marketing_consent true veya false olmalı' }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * Registration's answer is the same whether the e-mail was free or already taken (no account enumeration): the new
 * investor signs in with the same e-mail and password.
 */
export const REGISTER_ACCEPTED_MESSAGE =
  'Kayıt isteğiniz alındı. E-posta adresiniz ve şifrenizle giriş yapabilirsiniz.';
export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal(REGISTER_ACCEPTED_MESSAGE),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** The user as the web stores it (spec §3: id, email, name, role, avatar). */
export const customerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(CUSTOMER_ROLES),
  avatar: z.string().nullable(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

/** Login and register response (spec §3/§7: success, token, user, redirect). */
export const authResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: customerUserSchema,
  redirect: z.string(),
  expiresAt: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ success: z.literal(true), user: customerUserSchema });

/** A reset link's token (random, base64url; the link carries it after `#token=`). */
export const resetTokenSchema = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(200, 'token must be at most 200 characters');

/**
 * POST /api/auth/password-reset/request: always the same 200 answer, whether the e-mail has an account or not
 * (429 when throttled; 503 when the server cannot send e-mail). The investor screens come later.
 */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
/**
 * The investor's reset request answer: the same for every e-mail, with how links leave this server — by e-mail, or
 * in demo mode without SMTP as a file in the server's outbox (named in its log), which the page says.
 */
export const passwordResetRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  delivery: z.enum(['email', 'demo_outbox']),
});
/** POST /api/auth/password-reset/confirm: the link's token and the new password; every session ends. */
export const passwordResetConfirmSchema = z.object({ token: resetTokenSchema, password: newPasswordSchema });

/** PUT /api/auth/password: the signed-in investor's own password change (Hesap Ayarları). */
export const passwordChangeSchema = z.object({
  current_password: z
    .string({ error: 'Mevcut şifrenizi girin' })
    .min(1, 'Mevcut şifrenizi girin')
    .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`),
  new_password: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** GET/PUT /api/auth/consents: what the investor agreed to; the campaign e-mails' açık rıza can be withdrawn. */
export const consentsSchema = z.object({
  privacy_notice_version: z.string().nullable(),
  privacy_notice_acknowledged_at: z.string().nullable(),
  marketing_consent: z.boolean(),
  marketing_consent_at: z.string().nullable(),
});
export type Consents = z.infer<typeof consentsSchema>;
export const consentsResponseSchema = z.object({ success: z.literal(true), data: consentsSchema });
export const consentsUpdateSchema = z.object({
  marketing_consent: z.boolean({ error: 'marketing_consent true veya false olmalı' }),
});
