// The one place the `dark` class on <html> is switched, by the app (theme.ts) and by the prerendered pages'
// scripts (static-page.ts) alike. No React here: the static pages' scripts load none.

const SUSPEND_ID = 'theme-switch-no-transitions';

/**
 * Sets or clears the `dark` class with every CSS transition suspended for the switch: the page changes theme in one
 * frame instead of fading each element's colours separately (rows with `transition-colors` would otherwise show
 * light-theme text on a dark background for a moment, and a contrast check or a screenshot taken then sees it).
 * The computed style is read before the suspension is lifted, so the new colours are already in place and lifting it
 * starts no transition.
 */
export function setDarkClass(dark: boolean): void {
  const root = document.documentElement;
  if (root.classList.contains('dark') === dark) return;
  const suspend = document.createElement('style');
  suspend.id = SUSPEND_ID;
  suspend.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(suspend);
  root.classList.toggle('dark', dark);
  // Reading a computed value forces the style recalculation with transitions off.
  void window.getComputedStyle(document.body).color;
  suspend.remove();
}
