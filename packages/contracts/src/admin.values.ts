// Admin realm: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in admin.ts.
import type { PermissionRequirement } from './roles.ts';

export const ADMIN_PASSWORD_MIN_LENGTH = 10;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;
/** Shown under the password field of the admin user form; the server enforces exactly this. */
export const ADMIN_PASSWORD_RULE_TEXT = `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;
export const ADMIN_NAME_MAX_LENGTH = 100;

/** Spec §3 event types; `action` says precisely what happened (e.g. login_failed, user_created). */
export const AUDIT_EVENT_TYPES = ['user_login', 'data_access', 'system_config', 'compliance_check'] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/**
 * The dashboard's Quick Actions (spec §2), each shown only to staff who may open its screen (the web's route table
 * holds the screens and their requirements).
 */
export const ADMIN_QUICK_ACTIONS: readonly { path: `/admin/${string}`; label: string }[] = [
  { path: '/admin/users', label: 'Manage Users' },
  { path: '/admin/settings', label: 'System Settings' },
  { path: '/admin/audit', label: 'Audit Log' },
  { path: '/admin/analytics', label: 'Business Intelligence' },
];

/**
 * The admin dashboard's sections per role (decision 0058): what each acts on. Technical roles see the ML state (runs,
 * health, stops); the ceo and cfo revenue, MRR and payments; risk open violations and alerts; marketing and customer
 * success sign-ups and activation. The server answers only the sections the caller meets.
 */
export const DASHBOARD_SECTIONS = ['ml', 'revenue', 'risk', 'growth'] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];
export const DASHBOARD_SECTION_ACCESS = {
  ml: {
    kind: 'any',
    permissions: [
      'ai_management',
      'technical_metrics',
      'system_performance',
      'development_metrics',
      'technical_config',
      'system_health',
    ],
  },
  revenue: { kind: 'any', permissions: ['business_metrics', 'financial_data', 'revenue_metrics'] },
  risk: { kind: 'any', permissions: ['compliance_management', 'risk_metrics', 'compliance_data'] },
  growth: {
    kind: 'any',
    permissions: [
      'marketing_metrics',
      'user_acquisition',
      'customer_metrics',
      'user_analytics',
      'analytics_data',
    ],
  },
} as const satisfies Record<DashboardSection, PermissionRequirement>;
