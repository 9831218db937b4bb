// What every prerendered page's script (landing-static.ts, login-static.ts) does the same way, without React: make
// the theme button work, report the page view (lib/load-app.ts hands over to the app).
import { analyticsSessionId } from '@/lib/analytics-session';
import { writeStorage, STORAGE_KEYS } from '@/lib/storage';
import { setDarkClass } from '@/lib/theme-class';

function syncThemeButton(button: HTMLButtonElement): void {
  const dark = document.documentElement.classList.contains('dark');
  const label = (dark ? button.dataset.toLight : button.dataset.toDark) ?? '';
  button.setAttribute('aria-label', label);
  button.title = label;
}

/** The theme buttons (ThemeToggle's markup) switch the `dark` class and remember the choice, as the app does. */
export function wireThemeToggle(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    syncThemeButton(button);
    button.addEventListener('click', () => {
      const dark = !document.documentElement.classList.contains('dark');
      setDarkClass(dark);
      writeStorage(STORAGE_KEYS.theme, dark ? 'dark' : 'light');
      syncThemeButton(button);
    });
  }
}

/** The page view, as the app's tracker would report it (anonymous: a beacon without the bearer header). */
export function reportPageView(page: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const body = JSON.stringify({
    session_id: analyticsSessionId(),
    events: [{ type: 'page_view', page }],
  });
  navigator.sendBeacon('/api/analytics/events', new Blob([body], { type: 'application/json' }));
}
