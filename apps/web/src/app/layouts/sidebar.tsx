import { useTranslation } from '@/lib/use-translation';
import { NavLink } from 'react-router';
import { LogOut } from 'lucide-react';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import type { NavItem } from '@/app/route-table';
import { useSignOut } from './use-sign-out';

/** Sidebar content, shared by the fixed desktop sidebar and the phone drawer: `items` is the investor's menu. */
/** `showRole` adds the role label, which the top bar shows on large screens but has no room for on phones. */
export function SidebarContent({
  items,
  onNavigate,
  showRole = false,
}: {
  items: readonly NavItem[];
  onNavigate?: () => void;
  showRole?: boolean;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const signOut = useSignOut();
  const name = session?.user.name.trim() || t('user.fallbackName');
  const email = session?.user.email.trim() || t('user.fallbackEmail');
  const initial = name.charAt(0).toLocaleUpperCase('tr-TR');

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b px-5">
        <NavLink to="/dashboard" onClick={onNavigate} aria-label="BIST AI">
          <Logo />
        </NavLink>
      </div>

      <nav aria-label={t('nav.mainMenu')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map(({ to, labelKey, hintKey, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'group flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors',
                    isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon
                      className={cn('size-5 shrink-0', isActive ? 'text-primary' : 'text-muted-foreground')}
                      aria-hidden="true"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="text-sm font-medium">{t(labelKey)}</span>
                      {hintKey ? (
                        <span className="truncate text-xs text-muted-foreground">{t(hintKey)}</span>
                      ) : null}
                    </span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="shrink-0 space-y-3 border-t p-4">
        {/* The account block opens Hesap Ayarları (subscription, personal data). */}
        <NavLink
          to="/settings"
          onClick={onNavigate}
          title={t('topbar.account')}
          className={({ isActive }) =>
            cn(
              '-m-2 flex items-center gap-3 rounded-lg p-2 transition-colors hover:bg-muted',
              isActive && 'bg-accent',
            )
          }
          data-testid="user-block"
        >
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
          >
            {initial}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{email}</span>
            {showRole ? (
              <span className="text-xs font-medium text-primary">
                {session?.user.role === 'investor' ? t('user.roleInvestor') : t('user.roleUser')}
              </span>
            ) : null}
          </span>
        </NavLink>
        <ThemeToggle withLabel toLight={t('common.lightMode')} toDark={t('common.darkMode')} />
        <Button
          variant="ghost"
          className="w-full justify-start text-down hover:bg-down/10 hover:text-down"
          onClick={signOut}
        >
          <LogOut />
          {t('user.logout')}
        </Button>
      </div>
    </div>
  );
}
