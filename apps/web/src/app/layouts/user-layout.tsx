import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useMediaQuery } from '@/lib/use-media-query';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';

/** Spec §2 user layout: fixed 16rem sidebar on large screens, a drawer with overlay and close button on small. */
export default function UserLayout() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const large = useMediaQuery('(min-width: 1024px)');

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('nav.skipToContent')}
      </a>
      <aside
        className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r bg-sidebar lg:block"
        data-testid="sidebar"
      >
        <SidebarContent />
      </aside>

      <Sheet open={drawerOpen && !large} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" closeLabel={t('common.close')} data-testid="drawer">
          <SheetTitle className="sr-only">{t('nav.mainMenu')}</SheetTitle>
          <SheetDescription className="sr-only">{t('app.tagline')}</SheetDescription>
          <SidebarContent onNavigate={() => setDrawerOpen(false)} showRole />
        </SheetContent>
      </Sheet>

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <TopBar onOpenMenu={() => setDrawerOpen(true)} />
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          {/* Pages load lazily: keep the layout on screen and spin only in the content area meanwhile. */}
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner className="size-6" label={t('app.loading')} />
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
