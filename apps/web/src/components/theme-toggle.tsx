import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

/**
 * Switches between light and dark, in either realm's words: `toLight` and `toDark` name what a click does. As an
 * icon button they are its accessible name; `withLabel` (the sidebars) also shows them beside the icon. Every variant carries
 * `data-theme-toggle` (the static pages wire their copies by it; the a11y tests find the button by it).
 */
export function ThemeToggle({
  toLight,
  toDark,
  withLabel = false,
  className,
}: {
  toLight: string;
  toDark: string;
  withLabel?: boolean;
  className?: string;
}) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? toLight : toDark;
  // Both icons, the theme class picks one: the prerendered landing page shows the right one before any script.
  const icon = (
    <>
      <Sun className="hidden dark:block" />
      <Moon className="dark:hidden" />
    </>
  );
  if (withLabel) {
    // The shown words follow the theme class like the icons (a page rendered outside the browser is in the light
    // theme's markup); the accessible name is the current one.
    return (
      <Button
        variant="outline"
        className={className ?? 'w-full justify-start'}
        onClick={toggleTheme}
        data-theme-toggle=""
        aria-label={label}
      >
        {icon}
        <span className="dark:hidden">{toDark}</span>
        <span className="hidden dark:inline">{toLight}</span>
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={toggleTheme}
      data-theme-toggle=""
      data-to-light={toLight}
      data-to-dark={toDark}
      aria-label={label}
      title={label}
    >
      {icon}
    </Button>
  );
}
