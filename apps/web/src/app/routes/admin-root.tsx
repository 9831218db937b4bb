import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { AdminSessionProvider } from '@/app/providers/admin-session-provider';
import { ADMIN_LANGUAGE } from '@/lib/admin-i18n';

/**
 * Everything under /admin shares the admin session (separate from the investor's). The panel is English: the
 * document's `lang` follows the realm while it is open (screen readers, hyphenation, and the Turkish casing rules —
 * uppercase 'i' → 'İ' — kept out of it, dialogs and toasts in portals included), and goes back on leaving.
 */
export default function AdminRoot() {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = ADMIN_LANGUAGE;
    return () => {
      root.lang = previous;
    };
  }, []);
  return (
    <AdminSessionProvider>
      <Outlet />
    </AdminSessionProvider>
  );
}
