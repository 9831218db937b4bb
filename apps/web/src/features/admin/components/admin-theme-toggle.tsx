import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';
import { useAdminTranslation } from '@/features/admin/i18n';

/** The shared theme (spec §4) with the admin panel's English labels. `withLabel` for the sidebar variant. */
export function AdminThemeToggle({
  withLabel = false,
  className,
}: {
  withLabel?: boolean;
  className?: string;
}) {
  const { t } = useAdminTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  if (withLabel) {
    return (
      <Button variant="outline" className={className ?? 'w-full justify-start'} onClick={toggleTheme}>
        {theme === 'dark' ? <Sun /> : <Moon />}
        {theme === 'dark' ? t('theme.light') : t('theme.dark')}
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={toggleTheme}
      aria-label={label}
      title={label}
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Button>
  );
}
