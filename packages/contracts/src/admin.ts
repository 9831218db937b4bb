import { z } from 'zod';
import {
  ADMIN_NAME_MAX_LENGTH,
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_PASSWORD_RULE_TEXT,
  AUDIT_EVENT_TYPES,
  DASHBOARD_SECTIONS,
} from './admin.values.ts';
import { ADMIN_ROLES, PERMISSIONS } from './roles.ts';
import { resetTokenSchema } from './auth.ts';
import { DATA_SOURCES, HISTORY_SOURCES, MARKET_FEED_MODES } from './market.ts';

// Admin API contracts (spec §3, §5, §7 under /admin/api). The admin realm speaks English and snake_case field names
// as the spec writes them (is_active, last_login, created_at).

// ---------------------------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------------------------

export const adminEmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase());

/** A new staff password (create, edit, CLI): the rule of ADMIN_PASSWORD_RULE_TEXT. */
export const adminPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_RULE_TEXT)
  .max(ADMIN_PASSWORD_MAX_LENGTH, `Password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`)
  .regex(/\p{L}/u, ADMIN_PASSWORD_RULE_TEXT)
  .regex(/\d/, ADMIN_PASSWORD_RULE_TEXT);

export const adminNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(ADMIN_NAME_MAX_LENGTH, `Name must be at most ${ADMIN_NAME_MAX_LENGTH} characters`);

export const adminRoleSchema = z.enum(ADMIN_ROLES, {
  error: `Role must be one of: ${ADMIN_ROLES.join(', ')}`,
});

// ---------------------------------------------------------------------------------------------------------------
// Auth: POST /auth/login, POST /auth/logout, GET /auth/verify, GET /auth/demo-accounts
// ---------------------------------------------------------------------------------------------------------------

export const adminLoginRequestSchema = z.object({
  email: adminEmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(ADMIN_PASSWORD_MAX_LENGTH, `Password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** POST /admin/api/auth/password-reset/request: the same 200 answer for every e-mail (429 throttled, 503 no e-mail). */
export const adminPasswordResetRequestSchema = z.object({ email: adminEmailSchema });
/** POST /admin/api/auth/password-reset/confirm: the link's token and a new password; sessions and lock end. */
export const adminPasswordResetConfirmSchema = z.object({
  token: resetTokenSchema,
  password: adminPasswordSchema,
});

/** The signed-in staff member (spec §3 'Admin session user': name, role, permissions list), plus the role's description. */
export const adminSessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  description: z.string(),
});
export type AdminSessionUser = z.infer<typeof adminSessionUserSchema>;

export const adminLoginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: adminSessionUserSchema,
  expires_at: z.string(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const adminVerifyResponseSchema = z.object({ success: z.literal(true), user: adminSessionUserSchema });
export type AdminVerifyResponse = z.infer<typeof adminVerifyResponseSchema>;

/** Demo staff (demo mode only) for the login page's 'Use Demo Credentials' and its list of roles. */
export const adminDemoAccountSchema = z.object({
  role: z.enum(ADMIN_ROLES),
  email: z.string(),
  password: z.string(),
  description: z.string(),
});
export type AdminDemoAccount = z.infer<typeof adminDemoAccountSchema>;

export const adminDemoAccountsResponseSchema = z.object({
  success: z.literal(true),
  /** The account 'Use Demo Credentials' fills in (the super_admin). */
  default_account: adminDemoAccountSchema,
  accounts: z.array(adminDemoAccountSchema),
});
export type AdminDemoAccountsResponse = z.infer<typeof adminDemoAccountsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Users: GET/POST /users, PUT/DELETE /users/{id}
// ---------------------------------------------------------------------------------------------------------------

/** Admin user (spec §3): the password is write-only and never returned. */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  is_active: z.boolean(),
  /** ISO time of the last successful sign-in; null shows as 'Never'. */
  last_login: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_STATUSES = ['all', 'active', 'inactive'] as const;

export const adminUsersQuerySchema = z.object({
  /** Case-insensitive substring of the name or e-mail. */
  search: z.string().trim().max(254).optional(),
  role: adminRoleSchema.optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'Status must be all, active or inactive' }).default('all'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserSchema),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** POST /users (spec §5: name and e-mail required, password required when creating, default role data_analyst). */
export const adminUserCreateSchema = z.object({
  name: adminNameSchema,
  email: adminEmailSchema,
  role: adminRoleSchema.default('data_analyst'),
  password: adminPasswordSchema,
  is_active: z.boolean({ error: 'is_active must be true or false' }).default(true),
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/**
 * PUT /users/{id}: the fields to change. A missing, null or blank password keeps the current one (spec §5: 'leave
 * blank to keep current'); a given one must follow the password rule.
 */
export const adminUserUpdateSchema = z.object({
  name: adminNameSchema.optional(),
  email: adminEmailSchema.optional(),
  role: adminRoleSchema.optional(),
  password: z
    .union([z.literal(''), z.null(), adminPasswordSchema])
    .optional()
    .transform((value) => (value ? value : undefined)),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  /** Required when staff change their own password or e-mail: a borrowed session alone cannot take the account. */
  current_password: z
    .string({ error: 'current_password must be a string' })
    .max(
      ADMIN_PASSWORD_MAX_LENGTH,
      `current_password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`,
    )
    .optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid({ error: 'id must be a user id' }) });

export const adminUserResponseSchema = z.object({ success: z.literal(true), user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Audit log: GET /audit-log
// ---------------------------------------------------------------------------------------------------------------

/** The actions the admin platform writes; later capabilities add their own (free text, snake_case). */
export const AUDIT_ACTIONS = {
  loginSucceeded: 'login_succeeded',
  loginFailed: 'login_failed',
  loginLocked: 'login_locked',
  logout: 'logout',
  userCreated: 'user_created',
  userUpdated: 'user_updated',
  userDeleted: 'user_deleted',
  /** A staff change refused for the actor's level (a role or permission they may not give, super_admin only). */
  userChangeRefused: 'user_change_refused',
  /** A staff action refused because the role lacks the permission (403 before any change is read). */
  accessRefused: 'access_refused',
  passwordResetRequested: 'password_reset_requested',
  passwordReset: 'password_reset',
  settingsUpdated: 'settings_updated',
  /** The live market feed changed (the admin's 'Market feed' setting, or 'auto' finding the real provider). */
  marketFeedSwitched: 'market_feed_switched',
  mlRunRequested: 'ml_run_requested',
  mlRunCancelled: 'ml_run_cancelled',
  modelPromoted: 'model_promoted',
  algorithmEnabled: 'algorithm_enabled',
  algorithmDisabled: 'algorithm_disabled',
  emergencyStop: 'algorithm_emergency_stop',
  emergencyStopAll: 'emergency_stop_all',
} as const;

/** Who an audit entry's actor is. */
export const AUDIT_ACTOR_KINDS = ['staff', 'investor', 'system', 'anonymous'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_DEFAULT_PAGE = 1;
export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 200;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  event_type: z.enum(AUDIT_EVENT_TYPES),
  action: z.string(),
  /** The staff member who acted; null for anonymous events (a failed login with an unknown e-mail). */
  user_id: z.string().nullable(),
  /** Who acted: the staff member's e-mail, or the investor's while their account lives (KVKK requests). */
  user_email: z.string().nullable(),
  /** The investor's name for an investor's own action while their account lives; null otherwise. */
  user_name: z.string().nullable(),
  /** staff, an investor (their own KVKK request), the server or CLI (system), or nobody known (anonymous). */
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  /** State before and after the change (never password hashes or tokens). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** Extra facts, e.g. why a login failed. */
  details: z.unknown().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  timestamp: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'Use an ISO date or date-time',
});

export const auditQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).default(AUDIT_DEFAULT_PAGE),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(AUDIT_MAX_LIMIT)
    .default(AUDIT_DEFAULT_LIMIT),
  event_type: z
    .enum(AUDIT_EVENT_TYPES, { error: `event_type must be one of: ${AUDIT_EVENT_TYPES.join(', ')}` })
    .optional(),
  action: z.string().trim().min(1).max(100).optional(),
  user_id: z.uuid({ error: 'user_id must be a user id' }).optional(),
  /** Case-insensitive substring of the acting user's e-mail. */
  user: z.string().trim().min(1).max(254).optional(),
  /** Inclusive lower bound (ISO date or date-time; a bare date means its start in UTC). */
  from: isoDateTime.optional(),
  /** Inclusive upper bound (a bare date means through the end of that day in UTC). */
  to: isoDateTime.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditLogResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dashboard: GET /dashboard/stats
// ---------------------------------------------------------------------------------------------------------------

export const SYSTEM_STATUSES = ['operational', 'degraded', 'down'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

export const componentHealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down', 'not_configured']),
  detail: z.string(),
});

/**
 * Coverage and freshness of the stored daily history (admin dashboard; `npm run cli -- market-status` prints the
 * same): which stocks have history, from and to when, which lag behind the newest day, which have none.
 */
export const marketCoverageSchema = z.object({
  /** The live feed now (null in the CLI, which runs no engine). */
  feed: z.enum(DATA_SOURCES).nullable(),
  /** Whether the stored stock history is real (provider, imports) or simulated (any simulated bar makes it so). */
  history_source: z.enum(HISTORY_SOURCES),
  universe_symbols: z.number().int(),
  symbols_with_history: z.number().int(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  /** Stock-days stored per source ('yahoo', 'import', 'simulated'). */
  bars_by_source: z.record(z.string(), z.number().int()),
  /**
   * Stocks whose newest bar is older than the newest stored day (suspended, delisted, or not fetched), oldest first;
   * at most 50 listed, `behind_count` says how many.
   */
  behind: z.array(z.object({ symbol: z.string(), last_date: z.string() })),
  behind_count: z.number().int(),
  /** Stocks of the universe with no stored bar at all (the provider had none, or the fetch failed); at most 50. */
  missing: z.array(z.string()),
  /**
   * The real provider's history backfill (stocks and indices, stored progress per symbol; null before the first):
   * its range, whether it is fetching, installed or complete, symbols per state, and the failed ones with the reason
   * (at most 50).
   */
  backfill: z
    .object({
      status: z.enum(['fetching', 'installed', 'complete']),
      from: z.string(),
      to: z.string(),
      total: z.number().int(),
      done: z.number().int(),
      no_data: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
      /** Indices whose values are the provider's (the rest are computed from members). */
      provider_indices: z.array(z.string()),
      failures: z.array(z.object({ symbol: z.string(), attempts: z.number().int(), reason: z.string() })),
    })
    .nullable(),
});
export type MarketCoverage = z.infer<typeof marketCoverageSchema>;

export const adminDashboardStatsSchema = z.object({
  total_users: z.number().int(),
  active_sessions: z.number().int(),
  recent_logins_24h: z.number().int(),
  system_status: z.enum(SYSTEM_STATUSES),
  role_distribution: z.record(
    z.enum(ADMIN_ROLES),
    z.object({
      count: z.number().int(),
      info: z.object({ description: z.string(), level: z.number().int() }),
    }),
  ),
  components: z.object({
    database: componentHealthSchema.extend({ latency_ms: z.number().nullable() }),
    market_feed: componentHealthSchema,
    job_queue: componentHealthSchema,
  }),
  /** Latest audit entries, newest first. */
  recent_activity: z.array(auditEntrySchema),
  /** The market data's coverage and freshness (null when this process runs no market engine). */
  market_data: marketCoverageSchema.nullable(),
  /** What the caller's role acts on (decision 0058); a section the role may not see is null. */
  role_view: z.object({
    sections: z.array(z.enum(DASHBOARD_SECTIONS)),
    ml: z
      .object({
        total_algorithms: z.number().int(),
        active_algorithms: z.number().int(),
        /** Algorithms off after an emergency stop (with who stopped them). */
        stopped: z.array(
          z.object({
            algorithm_id: z.string(),
            stopped_by: z.string().nullable(),
            stopped_at: z.string().nullable(),
            reason: z.string().nullable(),
          }),
        ),
        health: z.object({
          healthy: z.number().int(),
          warning: z.number().int(),
          critical: z.number().int(),
          unrated: z.number().int(),
        }),
        performance_alerts: z.number().int(),
        /** Whether the nightly train–predict–evaluate runs. */
        auto_retrain: z.boolean(),
        active_runs: z.number().int(),
        recent_runs: z.array(
          z.object({
            id: z.string(),
            kind: z.string(),
            status: z.string(),
            created_at: z.string(),
            finished_at: z.string().nullable(),
          }),
        ),
      })
      .nullable(),
    revenue: z
      .object({
        /** The population the figures count (demo history or live), as on the BI page. */
        source: z.enum(['demo', 'live']),
        currency: z.literal('TRY'),
        period_days: z.number().int(),
        revenue: z.number(),
        mrr: z.number(),
        paying_users: z.number().int(),
        arpu: z.number().nullable(),
        payments: z.number().int(),
        refunds: z.number().int(),
        recent_payments: z.array(
          z.object({
            at: z.string(),
            kind: z.enum(['charge', 'refund']),
            plan: z.string(),
            amount: z.number(),
          }),
        ),
      })
      .nullable(),
    risk: z
      .object({
        open_violations: z.number().int(),
        critical_violations: z.number().int(),
        active_alerts: z.number().int(),
        critical_alerts: z.number().int(),
        overdue_alerts: z.number().int(),
        recent_violations: z.array(
          z.object({
            id: z.string(),
            rule_name: z.string(),
            severity: z.string(),
            status: z.string(),
            detected_at: z.string(),
          }),
        ),
      })
      .nullable(),
    growth: z
      .object({
        source: z.enum(['demo', 'live']),
        period_days: z.number().int(),
        signups: z.number().int(),
        previous_signups: z.number().int(),
        activation: z.object({
          eligible: z.number().int(),
          activated: z.number().int(),
          rate: z.number().nullable(),
          window_days: z.number().int(),
        }),
        dau: z.number().int(),
        mau: z.number().int(),
        stickiness: z.number().nullable(),
      })
      .nullable(),
  }),
});
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsSchema>;
export type DashboardRoleView = AdminDashboardStats['role_view'];

export const adminDashboardStatsResponseSchema = z.object({
  success: z.literal(true),
  stats: adminDashboardStatsSchema,
});
export type AdminDashboardStatsResponse = z.infer<typeof adminDashboardStatsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Settings: GET /settings, PUT /settings
// ---------------------------------------------------------------------------------------------------------------

/** 'HH:MM', 24-hour clock, in Europe/Istanbul. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Platform settings the admin can change. Each field validated here; the server stores the whole document. */
export const platformSettingsSchema = z.object({
  /**
   * Where quotes come from: 'auto' (the real provider whenever it answers, the simulator otherwise), 'simulated' or
   * 'yahoo'. Applies at once, without a restart; until an admin saves it, MARKET_FEED decides.
   */
  market_feed: z.enum(MARKET_FEED_MODES, { error: 'market_feed must be auto, simulated or yahoo' }),
  /** How often the market engine polls its feed, in ms. */
  market_poll_interval_ms: z
    .number({ error: 'Must be a number of milliseconds' })
    .int()
    .min(1_000)
    .max(300_000),
  /** How often customer screens refresh live data, in ms. */
  client_refresh_interval_ms: z
    .number({ error: 'Must be a number of milliseconds' })
    .int()
    .min(5_000)
    .max(600_000),
  /** Daily ML training run, 'HH:MM' Europe/Istanbul (after the 18:00 close by default). */
  ml_schedule_time: z
    .string({ error: 'Use HH:MM' })
    .regex(TIME_OF_DAY_PATTERN, 'Use HH:MM (24-hour, Europe/Istanbul)'),
  /** Whether the daily ML run happens at all. */
  ml_auto_retrain: z.boolean({ error: 'Must be true or false' }),
  /** Lifetime of a staff session, in hours (applies to new sign-ins). */
  admin_session_ttl_hours: z.number({ error: 'Must be a number of hours' }).int().min(1).max(168),
  /** Failed sign-ins per staff account inside the lockout window before the account is locked. */
  admin_max_failed_logins: z.number({ error: 'Must be a whole number' }).int().min(3).max(20),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  market_feed: 'auto',
  market_poll_interval_ms: 5_000,
  client_refresh_interval_ms: 30_000,
  ml_schedule_time: '18:30',
  ml_auto_retrain: true,
  admin_session_ttl_hours: 12,
  admin_max_failed_logins: 5,
};

/** PUT /settings: any subset of the fields; unknown fields are refused (400 naming them). */
export const platformSettingsUpdateSchema = platformSettingsSchema.partial().strict();
export type PlatformSettingsUpdate = z.infer<typeof platformSettingsUpdateSchema>;

export const settingsResponseSchema = z.object({
  success: z.literal(true),
  settings: platformSettingsSchema,
  /** Null while the defaults were never changed. */
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.string().nullable(), email: z.string() }).nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Screens and quick actions (spec §2, §6): what the web hides, matching what the server refuses.
// ---------------------------------------------------------------------------------------------------------------
