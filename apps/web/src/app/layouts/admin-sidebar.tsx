import { useContext } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { Logo } from '@/components/logo';
import { RoleBadge } from '@/components/role-badge';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { AdminScreensContext, useAdminSession } from '@/lib/admin-session';
import { visibleNavItems } from './admin-nav-items';

/** Admin sidebar content, shared by the fixed desktop sidebar and the phone drawer. */
export function AdminSidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useAdminTranslation();
  const { session, signOut } = useAdminSession();
  const navigate = useNavigate();
  const items = visibleNavItems(session?.user, useContext(AdminScreensContext));
  const user = session?.user;
  const initial = (user?.name.trim() || 'A').charAt(0).toUpperCase();

  const renderItem = (item: (typeof items)[number]) => {
    const Icon = item.icon;
    return (
      <li key={item.to}>
        <NavLink
          to={item.to}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
              isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted',
            )
          }
        >
          {({ isActive }) => (
            <>
              <Icon
                className={cn('size-4 shrink-0', isActive ? 'text-primary' : 'text-muted-foreground')}
                aria-hidden="true"
              />
              <span className="truncate">{t(item.labelKey)}</span>
            </>
          )}
        </NavLink>
      </li>
    );
  };

  return (
    // lang: the drawer renders in a portal, outside the admin root's lang="en" (uppercase 'i' must not become 'İ').
    <div lang="en" className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center gap-2 border-b px-5">
        {/* The visible 'BIST AI' stays in the link's name (WCAG 2.5.3), the destination follows it. */}
        <NavLink to="/admin/dashboard" onClick={onNavigate}>
          <Logo />
          <span className="sr-only">{t('layout.home')}</span>
        </NavLink>
        <Badge variant="secondary">{t('layout.adminBadge')}</Badge>
      </div>

      <nav aria-label={t('layout.menu')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">{items.map(renderItem)}</ul>
      </nav>

      <div className="shrink-0 space-y-3 border-t p-4">
        {user ? (
          <div className="flex items-center gap-3" data-testid="admin-user-block">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
            >
              {initial}
            </span>
            <span className="flex min-w-0 flex-col gap-0.5">
              <span className="truncate text-sm font-medium">{user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
              <RoleBadge role={user.role} className="self-start" />
            </span>
          </div>
        ) : null}
        <ThemeToggle withLabel toLight={t('theme.light')} toDark={t('theme.dark')} />
        <Button
          variant="ghost"
          className="w-full justify-start text-down hover:bg-down/10 hover:text-down"
          onClick={() => {
            onNavigate?.();
            void signOut();
            void navigate('/admin/login', { replace: true });
          }}
        >
          <LogOut />
          {t('layout.logout')}
        </Button>
      </div>
    </div>
  );
}
