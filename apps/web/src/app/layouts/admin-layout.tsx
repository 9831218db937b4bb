import { matchPath, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu } from 'lucide-react';
import { RequireAdmin } from '@/app/admin-guards';
import { AccessDenied } from '@/components/access-denied';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { RoleBadge } from '@/components/role-badge';
import { ThemeToggle } from '@/components/theme-toggle';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { AdminScreensContext, canAccessScreen, useAdminSession, type AdminScreen } from '@/lib/admin-session';
import { useAdminFormats } from './admin-formats';
import { AdminSidebarContent } from './admin-sidebar';
import { SidebarShell } from './sidebar-shell';

/**
 * The admin layout, behind the admin guard: a header with the staff member's name, role description, role badge
 * and logout; the sidebar on large screens, a drawer on phones. `screens` (the router's, from the route table) are
 * its menu and its screen guard: a screen the staff member's role may not open shows 'Access Denied' instead. The
 * server refuses the screen's API calls anyway; this only spares them a page of errors.
 */
export default function AdminLayout({ screens }: { screens: readonly AdminScreen[] }) {
  useAdminFormats();
  return (
    <RequireAdmin>
      <AdminScreensContext.Provider value={screens}>
        <AdminShell screens={screens} />
      </AdminScreensContext.Provider>
    </RequireAdmin>
  );
}

function AdminShell({ screens }: { screens: readonly AdminScreen[] }) {
  const { t } = useAdminTranslation();
  const { session, signOut } = useAdminSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = session?.user;
  const screen = screens.find((candidate) => matchPath(candidate.path, pathname));
  const denied = screen && !canAccessScreen(user, screens, screen.path);

  return (
    <SidebarShell
      mainId="admin-main"
      sidebarTestId="admin-sidebar"
      drawerTestId="admin-drawer"
      labels={{
        skipToContent: t('layout.skipToContent'),
        close: t('common.close'),
        menuTitle: t('layout.menu'),
        menuDescription: t('layout.adminPanel'),
        loading: t('common.loading'),
      }}
      page={denied ? <AccessDenied message={t(screen.deniedKey ?? 'accessDenied.title')} /> : undefined}
      sidebar={(drawer) => <AdminSidebarContent {...(drawer ? { onNavigate: drawer.onNavigate } : {})} />}
      header={(openMenu) => (
        <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur md:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            onClick={openMenu}
            aria-label={t('layout.openMenu')}
          >
            <Menu />
          </Button>
          <div className="lg:hidden">
            <Logo />
          </div>
          <div className="flex-1" />
          {user ? (
            <div className="hidden min-w-0 items-center gap-3 sm:flex" data-testid="admin-header-user">
              <div className="min-w-0 text-right">
                <p className="truncate text-sm font-medium">{user.name}</p>
                <p className="max-w-80 truncate text-xs text-muted-foreground" title={user.description}>
                  {user.description}
                </p>
              </div>
              <RoleBadge role={user.role} />
            </div>
          ) : null}
          <ThemeToggle toLight={t('theme.toLight')} toDark={t('theme.toDark')} />
          <Button
            variant="outline"
            size="sm"
            className="hidden sm:inline-flex"
            onClick={() => {
              void signOut();
              void navigate('/admin/login', { replace: true });
            }}
          >
            <LogOut />
            {t('layout.logout')}
          </Button>
        </header>
      )}
    />
  );
}
