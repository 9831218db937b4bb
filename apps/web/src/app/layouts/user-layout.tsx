import { useTranslation } from '@/lib/use-translation';
import { marketStockLookup } from '@/app/providers/stock-lookup';
import type { NavItem } from '@/app/route-table';
import { StockLookupContext } from '@/lib/stock-lookup';
import { SidebarContent } from './sidebar';
import { SidebarShell } from './sidebar-shell';
import { TopBar } from './top-bar';

/**
 * The investor's layout: fixed 16rem sidebar on large screens, a drawer with overlay and close button on small. It
 * provides what only the investor's pages use: the stock lookups of the shared pickers (tooltips bring their own
 * provider). `navItems` is the menu, from the route table (`navItems('investor')`): handed down rather than imported
 * here, as the table imports every page.
 */
export default function UserLayout({ navItems }: { navItems: readonly NavItem[] }) {
  return (
    <StockLookupContext.Provider value={marketStockLookup}>
      <UserShell navItems={navItems} />
    </StockLookupContext.Provider>
  );
}

function UserShell({ navItems }: { navItems: readonly NavItem[] }) {
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
        drawer ? (
          <SidebarContent items={navItems} onNavigate={drawer.onNavigate} showRole />
        ) : (
          <SidebarContent items={navItems} />
        )
      }
      header={(openMenu) => <TopBar onOpenMenu={openMenu} />}
    />
  );
}
