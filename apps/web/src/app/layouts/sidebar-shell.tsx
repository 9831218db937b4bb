import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { useMediaQuery } from '@/lib/use-media-query';

// The drawer (Radix dialog, focus trap, scroll lock) is only needed once someone opens the menu on a small screen.
const SidebarDrawer = lazy(() => import('./sidebar-drawer'));

export interface SidebarShellProps {
  /** Id of the main element (the skip link's target). */
  mainId: string;
  /** Test id of the fixed sidebar; the drawer's is `drawerTestId`. */
  sidebarTestId: string;
  drawerTestId: string;
  labels: {
    skipToContent: string;
    close: string;
    menuTitle: string;
    menuDescription: string;
    loading: string;
  };
  /** The sidebar's content; in the drawer it gets `onNavigate`, which closes the drawer. */
  sidebar: (drawer: { onNavigate: () => void } | null) => ReactNode;
  /** The top bar; `openMenu` opens the drawer on small screens. */
  header: (openMenu: () => void) => ReactNode;
  /** Shown instead of the routed page (the admin layout's 'Access Denied'). */
  page?: ReactNode;
}

/**
 * The layout both realms share: a skip link, a fixed 16rem sidebar on large screens (not rendered on small ones)
 * and a drawer with overlay and close button on small ones, a header, and the routed page, loaded lazily with a
 * spinner in the content area only.
 */
export function SidebarShell({
  mainId,
  sidebarTestId,
  drawerTestId,
  labels,
  sidebar,
  header,
  page,
}: SidebarShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps its animation and focus handling.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Outside the browser (the server's render of a page, app/server-pages.tsx) the sidebar is rendered and CSS shows
  // it on large screens only: the server does not know the screen.
  const large = useMediaQuery('(min-width: 1024px)') || typeof window === 'undefined';

  return (
    <div className="min-h-dvh bg-background">
      <a
        href={`#${mainId}`}
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {labels.skipToContent}
      </a>
      {/* Built only where it shows: on a phone it is hidden, and its ≈ 90 elements were 40 % of the first render. */}
      {large ? (
        <aside
          className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r bg-sidebar lg:block"
          data-testid={sidebarTestId}
        >
          {sidebar(null)}
        </aside>
      ) : null}

      {drawerUsed ? (
        <Suspense fallback={null}>
          <SidebarDrawer
            open={drawerOpen && !large}
            onOpenChange={setDrawerOpen}
            testId={drawerTestId}
            labels={labels}
          >
            {sidebar({ onNavigate: () => setDrawerOpen(false) })}
          </SidebarDrawer>
        </Suspense>
      ) : null}

      <div className="flex min-h-dvh flex-col lg:pl-64">
        {header(() => {
          setDrawerUsed(true);
          setDrawerOpen(true);
        })}
        <main id={mainId} tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <Suspense fallback={<PageSkeleton label={labels.loading} />}>{page ?? <Outlet />}</Suspense>
        </main>
      </div>
    </div>
  );
}
