import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Bot,
  BrainCircuit,
  LayoutDashboard,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { AdminScreenPath, AdminSessionUser } from '@bist/contracts';
import { canAccessScreen } from '@/lib/admin-session';

export interface AdminNavItem {
  to: AdminScreenPath;
  labelKey: string;
  icon: LucideIcon;
}

export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { to: '/admin/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/admin/users', labelKey: 'nav.users', icon: Users },
  { to: '/admin/audit', labelKey: 'nav.audit', icon: ScrollText },
  { to: '/admin/settings', labelKey: 'nav.settings', icon: Settings },
  { to: '/admin/analytics', labelKey: 'nav.analytics', icon: BarChart3 },
  { to: '/admin/compliance', labelKey: 'nav.compliance', icon: ShieldCheck },
  { to: '/admin/ai-unified', labelKey: 'nav.aiUnified', icon: BrainCircuit },
  { to: '/admin/ai', labelKey: 'nav.ai', icon: Bot },
];

/** The links a staff member may see: the web hides what the server would refuse. */
export function visibleNavItems(user: AdminSessionUser | null | undefined): AdminNavItem[] {
  return ADMIN_NAV_ITEMS.filter((item) => canAccessScreen(user, item.to));
}
