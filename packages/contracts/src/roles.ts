/** Admin roles and permissions, exactly as spec §6. The server enforces them; the web only hides. */
export const ADMIN_ROLES = [
  'super_admin',
  'ceo',
  'cto',
  'cfo',
  'operations_manager',
  'risk_manager',
  'technical_lead',
  'customer_success',
  'marketing_manager',
  'data_analyst',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const PERMISSIONS = [
  'all',
  'business_metrics',
  'financial_data',
  'strategic_decisions',
  'user_management',
  'technical_metrics',
  'system_config',
  'development_data',
  'revenue_metrics',
  'cost_analysis',
  'compliance_reports',
  'operational_metrics',
  'customer_support',
  'system_health',
  'user_analytics',
  'risk_metrics',
  'compliance_data',
  'incident_tracking',
  'audit_reports',
  'development_metrics',
  'system_performance',
  'code_quality',
  'technical_config',
  'customer_metrics',
  'support_data',
  'marketing_metrics',
  'campaign_data',
  'user_acquisition',
  'analytics_data',
  'reports_read',
  // Named by the spec's screens but held by no listed role except through `all`.
  'compliance_management',
  'ai_management',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface RoleInfo {
  level: number;
  permissions: readonly Permission[];
  description: string;
}

export const ROLE_INFO: Record<AdminRole, RoleInfo> = {
  super_admin: { level: 1, permissions: ['all'], description: 'Full system access' },
  ceo: {
    level: 1,
    permissions: ['business_metrics', 'financial_data', 'strategic_decisions', 'user_management'],
    description: 'Chief Executive Officer: business metrics and strategic decisions',
  },
  cto: {
    level: 1,
    permissions: ['technical_metrics', 'system_config', 'development_data', 'user_management'],
    description: 'Chief Technology Officer: technical metrics and system configuration',
  },
  cfo: {
    level: 1,
    permissions: ['financial_data', 'revenue_metrics', 'cost_analysis', 'compliance_reports'],
    description: 'Chief Financial Officer: financial data and revenue metrics',
  },
  operations_manager: {
    level: 2,
    permissions: ['operational_metrics', 'customer_support', 'system_health', 'user_analytics'],
    description: 'Operations Manager: operational metrics and system health',
  },
  risk_manager: {
    level: 2,
    permissions: ['risk_metrics', 'compliance_data', 'incident_tracking', 'audit_reports'],
    description: 'Risk Manager: risk metrics, compliance data and audit reports',
  },
  technical_lead: {
    level: 3,
    permissions: ['development_metrics', 'system_performance', 'code_quality', 'technical_config'],
    description: 'Technical Lead: development metrics and system performance',
  },
  customer_success: {
    level: 4,
    permissions: ['customer_metrics', 'user_analytics', 'support_data'],
    description: 'Customer Success: customer metrics and support data',
  },
  marketing_manager: {
    level: 4,
    permissions: ['marketing_metrics', 'campaign_data', 'user_acquisition'],
    description: 'Marketing Manager: marketing metrics and user acquisition',
  },
  data_analyst: {
    level: 5,
    permissions: ['analytics_data', 'reports_read'],
    description: 'Data Analyst: analytics data and read-only reports',
  },
};

export function permissionsOf(role: AdminRole): readonly Permission[] {
  return ROLE_INFO[role].permissions;
}

/** Passes if the holder has `all` or the named permission (spec §6). */
export function hasPermission(held: readonly string[], permission: Permission): boolean {
  return held.includes('all') || held.includes(permission);
}

/** Passes if the holder has `all` or any of the named permissions (spec §6). */
export function hasAnyPermission(held: readonly string[], permissions: readonly Permission[]): boolean {
  return held.includes('all') || permissions.some((p) => held.includes(p));
}

/** What a route or screen requires: every, one, or any of a list of permissions. */
export type PermissionRequirement =
  | { kind: 'authenticated' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'any'; permissions: readonly Permission[] };

export function meetsRequirement(held: readonly string[], requirement: PermissionRequirement): boolean {
  switch (requirement.kind) {
    case 'authenticated':
      return true;
    case 'permission':
      return hasPermission(held, requirement.permission);
    case 'any':
      return hasAnyPermission(held, requirement.permissions);
  }
}
