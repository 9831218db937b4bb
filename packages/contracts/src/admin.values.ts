// Admin realm: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in admin.ts.
import type { PermissionRequirement } from './roles.ts';
import { BI_ANY_ACCESS } from './bi.values.ts';

export const ADMIN_PASSWORD_MIN_LENGTH = 10;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;
/** Shown under the password field of the admin user form; the server enforces exactly this. */
export const ADMIN_PASSWORD_RULE_TEXT = `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;
export const ADMIN_NAME_MAX_LENGTH = 100;

/** Spec §3 event types; `action` says precisely what happened (e.g. login_failed, user_created). */
export const AUDIT_EVENT_TYPES = ['user_login', 'data_access', 'system_config', 'compliance_check'] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Admin screens and the requirement to see each (the server enforces the same on the API behind them). */
export const ADMIN_SCREEN_ACCESS = {
  '/admin/dashboard': { kind: 'authenticated' },
  '/admin/users': { kind: 'permission', permission: 'user_management' },
  // business_metrics (full) or a permission naming one of its parts (decision 0058).
  '/admin/analytics': BI_ANY_ACCESS,
  // compliance_management (only via all), plus risk_manager's compliance_data and cfo's compliance_reports (read).
  '/admin/compliance': {
    kind: 'any',
    permissions: ['compliance_management', 'compliance_data', 'compliance_reports'],
  },
  '/admin/ai-unified': { kind: 'authenticated' },
  '/admin/ai': { kind: 'permission', permission: 'ai_management' },
  '/admin/settings': { kind: 'permission', permission: 'all' },
  '/admin/audit': { kind: 'permission', permission: 'all' },
} as const satisfies Record<string, PermissionRequirement>;
export type AdminScreenPath = keyof typeof ADMIN_SCREEN_ACCESS;

/** The dashboard's Quick Actions (spec §2), each shown only to staff who meet its screen's requirement. */
export const ADMIN_QUICK_ACTIONS: readonly { path: AdminScreenPath; label: string }[] = [
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
