import {
  DASHBOARD_SECTIONS,
  DASHBOARD_SECTION_ACCESS,
  meetsRequirement,
  type DashboardRoleView,
  type DashboardSection,
} from '@bist/contracts';

/** Where each section's figures come from (wired in the composition root; each read only for a role that sees it). */
export interface RoleViewSources {
  ml: () => Promise<NonNullable<DashboardRoleView['ml']>>;
  revenue: () => Promise<NonNullable<DashboardRoleView['revenue']>>;
  risk: () => Promise<NonNullable<DashboardRoleView['risk']>>;
  growth: () => Promise<NonNullable<DashboardRoleView['growth']>>;
}

/** The sections these permissions see (decision 0058). */
export function dashboardSectionsFor(permissions: readonly string[]): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter((section) =>
    meetsRequirement(permissions, DASHBOARD_SECTION_ACCESS[section]),
  );
}

/** The caller's sections, read; the others null (never read, never sent). */
export async function roleView(
  permissions: readonly string[],
  sources: RoleViewSources | null,
): Promise<DashboardRoleView> {
  const sections = sources ? dashboardSectionsFor(permissions) : [];
  const read = <K extends DashboardSection>(key: K) =>
    sections.includes(key) && sources ? sources[key]() : Promise.resolve(null);
  const [ml, revenue, risk, growth] = await Promise.all([
    read('ml'),
    read('revenue'),
    read('risk'),
    read('growth'),
  ]);
  return {
    sections,
    ml: ml as DashboardRoleView['ml'],
    revenue: revenue as DashboardRoleView['revenue'],
    risk: risk as DashboardRoleView['risk'],
    growth: growth as DashboardRoleView['growth'],
  };
}
