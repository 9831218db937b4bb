import { useTranslation } from 'react-i18next';
import { SidebarContent } from './sidebar';
import { SidebarShell } from './sidebar-shell';
import { TopBar } from './top-bar';

/** The investor's layout: fixed 16rem sidebar on large screens, a drawer with overlay and close button on small. */
export default function UserLayout() {
  const { t } = useTranslation();
  return (
    <SidebarShell
      mainId="main"
      sidebarTestId="sidebar"
      drawerTestId="drawer"
      labels={{
        skipToContent: t('nav.skipToContent'),
        close: t('common.close'),
        menuTitle: t('nav.mainMenu'),
        menuDescription: t('app.tagline'),
        loading: t('app.loading'),
      }}
      sidebar={(drawer) =>
        drawer ? <SidebarContent onNavigate={drawer.onNavigate} showRole /> : <SidebarContent />
      }
      header={(openMenu) => <TopBar onOpenMenu={openMenu} />}
    />
  );
}
