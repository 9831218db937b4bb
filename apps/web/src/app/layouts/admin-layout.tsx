import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { LogOut, Menu } from 'lucide-react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { AdminSidebarContent } from '@/features/admin/components/admin-sidebar';
import { AdminThemeToggle } from '@/features/admin/components/admin-theme-toggle';
import { RequireAdmin } from '@/features/admin/components/require-admin';
import { RoleBadge } from '@/features/admin/components/role-badge';
import { useAdminTranslation } from '@/features/admin/i18n';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { useMediaQuery } from '@/lib/use-media-query';

/** The admin layout (spec §2 header: name, role description, role badge, logout): sidebar on large screens, drawer on phones. */
export default function AdminLayout() {
  return (
    <RequireAdmin>
      <AdminShell />
    </RequireAdmin>
  );
}

function AdminShell() {
  const { t } = useAdminTranslation();
  const { session, signOut } = useAdminSession();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const large = useMediaQuery('(min-width: 1024px)');
  const user = session?.user;

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('layout.skipToContent')}
      </a>
      <aside
        className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r bg-sidebar lg:block"
        data-testid="admin-sidebar"
      >
        <AdminSidebarContent />
      </aside>

      <Sheet open={drawerOpen && !large} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" closeLabel={t('common.close')} data-testid="admin-drawer">
          <SheetTitle className="sr-only">{t('layout.menu')}</SheetTitle>
          <SheetDescription className="sr-only">{t('layout.adminPanel')}</SheetDescription>
          <AdminSidebarContent onNavigate={() => setDrawerOpen(false)} />
        </SheetContent>
      </Sheet>

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur md:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            onClick={() => setDrawerOpen(true)}
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
          <AdminThemeToggle />
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
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner className="size-6" label={t('common.loading')} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
