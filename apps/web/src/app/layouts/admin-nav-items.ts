import type { AdminSessionUser } from '@bist/contracts';
import { canAccessScreen, type AdminScreen } from '@/lib/admin-session';

export type AdminNavItem = NonNullable<AdminScreen['nav']>;

/** The menu items a staff member may see, in the route table's order: the web hides what the server would refuse. */
export function visibleNavItems(
  user: AdminSessionUser | null | undefined,
  screens: readonly AdminScreen[],
): AdminNavItem[] {
  return screens.flatMap((screen) =>
    screen.nav && canAccessScreen(user, screens, screen.path) ? [screen.nav] : [],
  );
}
