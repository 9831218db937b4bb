import type { ComponentType } from 'react';
import {
  BarChart3,
  Bot,
  Brain,
  BrainCircuit,
  Briefcase,
  LayoutDashboard,
  LineChart,
  ScrollText,
  Settings,
  ShieldCheck,
  Star,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { BI_ANY_ACCESS, COMPLIANCE_ACCESS, type PermissionRequirement } from '@bist/contracts/values';
import type { AdminScreen } from '@/lib/admin-session';
// The investor's dashboard is in the app's first chunk, not lazy: most visits open on it (decision 0038).
import DashboardRoute from '@/app/routes/dashboard';

/**
 * What a page sits in. `guest`: the landing and sign-in pages, which send a signed-in investor to the dashboard;
 * `public`: anyone; `investor`: the investor's layout behind the sign-in; `adminPublic`: the admin realm without a
 * session (its sign-in and password reset); `admin`: the admin layout behind the staff sign-in.
 */
export type RouteShell = 'guest' | 'public' | 'investor' | 'adminPublic' | 'admin';

type RouteModule = { default: ComponentType };

interface RouteBase {
  /** The URLs of the page, as React Router writes them; the first is where links point. */
  paths: readonly [string, ...string[]];
  shell: RouteShell;
  /** Its lazy chunk; or `component` for the one page in the app's first chunk. */
  load?: () => Promise<RouteModule>;
  component?: ComponentType;
  /**
   * Served as a prerendered page (build/prerender-pages.ts) that loads the app only when needed: its chunk is not
   * fetched as the app starts.
   */
  prerendered?: true;
  /** Its item in the side's menu, in table order. */
  nav?: { labelKey: string; hintKey?: string; icon: LucideIcon };
}

interface InvestorRoute extends RouteBase {
  shell: 'guest' | 'public' | 'investor' | 'adminPublic';
}

interface AdminScreenRoute extends RouteBase {
  shell: 'admin';
  /** Who may open it; the server enforces the same on the API behind it, the web hides what a role cannot reach. */
  access: PermissionRequirement;
  /** The admin-namespace key of the 'Access Denied' sentence for staff whose role is refused. */
  deniedKey?: string;
}

export type AppRoute = InvestorRoute | AdminScreenRoute;

/**
 * Every page of the web app, the one place a URL is written: the router, the chunks a first visit starts loading,
 * both sides' menus and the admin screens' access rules are generated from it.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { paths: ['/'], shell: 'guest', load: () => import('@/app/routes/landing'), prerendered: true },
  { paths: ['/login'], shell: 'guest', load: () => import('@/app/routes/login'), prerendered: true },
  { paths: ['/register'], shell: 'guest', load: () => import('@/app/routes/register') },
  // Public: a reset link may be opened in a browser with a session, and the notice is read by anyone.
  {
    paths: ['/sifremi-unuttum', '/sifre-sifirla'],
    shell: 'public',
    load: () => import('@/app/routes/password-reset'),
  },
  { paths: ['/aydinlatma-metni'], shell: 'public', load: () => import('@/app/routes/privacy-notice') },
  { paths: ['/hesap-silindi'], shell: 'public', load: () => import('@/app/routes/account-erased') },
  {
    paths: ['/dashboard'],
    shell: 'investor',
    component: DashboardRoute,
    nav: { labelKey: 'nav.dashboard', hintKey: 'nav.dashboardHint', icon: LayoutDashboard },
  },
  {
    paths: ['/stocks'],
    shell: 'investor',
    load: () => import('@/app/routes/stocks'),
    nav: { labelKey: 'nav.stocks', hintKey: 'nav.stocksHint', icon: TrendingUp },
  },
  { paths: ['/stocks/:symbol'], shell: 'investor', load: () => import('@/app/routes/stock-detail') },
  {
    paths: ['/indices', '/indices/:code'],
    shell: 'investor',
    load: () => import('@/app/routes/indices'),
    nav: { labelKey: 'nav.indices', hintKey: 'nav.indicesHint', icon: LineChart },
  },
  {
    paths: ['/portfolio'],
    shell: 'investor',
    load: () => import('@/app/routes/portfolio'),
    nav: { labelKey: 'nav.portfolio', hintKey: 'nav.portfolioHint', icon: Briefcase },
  },
  {
    paths: ['/watchlist'],
    shell: 'investor',
    load: () => import('@/app/routes/watchlist'),
    nav: { labelKey: 'nav.watchlist', hintKey: 'nav.watchlistHint', icon: Star },
  },
  {
    paths: ['/predictions'],
    shell: 'investor',
    load: () => import('@/app/routes/predictions'),
    nav: { labelKey: 'nav.predictions', hintKey: 'nav.predictionsHint', icon: Brain },
  },
  // Hesap Ayarları: opened from the account block under the menu, not a menu item.
  { paths: ['/settings'], shell: 'investor', load: () => import('@/app/routes/account') },
  { paths: ['/admin/login'], shell: 'adminPublic', load: () => import('@/app/routes/admin-login') },
  {
    paths: ['/admin/forgot-password', '/admin/reset-password'],
    shell: 'adminPublic',
    load: () => import('@/app/routes/admin-password-reset'),
  },
  {
    paths: ['/admin/dashboard'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-dashboard'),
    access: { kind: 'authenticated' },
    nav: { labelKey: 'nav.dashboard', icon: LayoutDashboard },
  },
  {
    paths: ['/admin/users'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-users'),
    access: { kind: 'permission', permission: 'user_management' },
    deniedKey: 'accessDenied.users',
    nav: { labelKey: 'nav.users', icon: Users },
  },
  {
    paths: ['/admin/audit'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-audit'),
    access: { kind: 'permission', permission: 'all' },
    deniedKey: 'accessDenied.audit',
    nav: { labelKey: 'nav.audit', icon: ScrollText },
  },
  {
    paths: ['/admin/settings'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-settings'),
    access: { kind: 'permission', permission: 'all' },
    deniedKey: 'accessDenied.settings',
    nav: { labelKey: 'nav.settings', icon: Settings },
  },
  {
    // Business intelligence: business_metrics (full) or a permission naming one of its parts (decision 0058).
    paths: ['/admin/analytics'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-analytics'),
    access: BI_ANY_ACCESS,
    deniedKey: 'accessDenied.analytics',
    nav: { labelKey: 'nav.analytics', icon: BarChart3 },
  },
  {
    // compliance_management (only via all), plus risk_manager's compliance_data and cfo's compliance_reports (read).
    paths: ['/admin/compliance'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-compliance'),
    access: { kind: 'any', permissions: COMPLIANCE_ACCESS.read },
    deniedKey: 'accessDenied.compliance',
    nav: { labelKey: 'nav.compliance', icon: ShieldCheck },
  },
  {
    // The AI operations centre, for every staff member (acting needs ai_management).
    paths: ['/admin/ai-unified'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-ai-unified'),
    access: { kind: 'authenticated' },
    deniedKey: 'accessDenied.aiUnified',
    nav: { labelKey: 'nav.aiUnified', icon: BrainCircuit },
  },
  {
    // AI-Powered Analytics (spec §6).
    paths: ['/admin/ai'],
    shell: 'admin',
    load: () => import('@/app/routes/admin-ai'),
    access: { kind: 'permission', permission: 'ai_management' },
    deniedKey: 'accessDenied.ai',
    nav: { labelKey: 'nav.ai', icon: Bot },
  },
];

/** Where a side's menu item points and what it shows. */
export interface NavItem {
  to: string;
  labelKey: string;
  hintKey?: string;
  icon: LucideIcon;
}

/** A side's menu, in table order: the investor's (its pages behind the sign-in) or the admin panel's. */
export function navItems(side: 'investor' | 'admin', routes: readonly AppRoute[] = APP_ROUTES): NavItem[] {
  return routes.flatMap((route) =>
    route.nav && route.shell === side ? [{ to: route.paths[0], ...route.nav }] : [],
  );
}

/** The admin screens with their access rule and menu item, handed to the admin layout (its guard and sidebar). */
export function adminScreens(routes: readonly AppRoute[] = APP_ROUTES): AdminScreen[] {
  return routes.flatMap((route) =>
    route.shell === 'admin'
      ? [
          {
            path: route.paths[0],
            access: route.access,
            ...(route.deniedKey ? { deniedKey: route.deniedKey } : {}),
            ...(route.nav ? { nav: { to: route.paths[0], ...route.nav } } : {}),
          },
        ]
      : [],
  );
}

/** A React Router path as an anchored pattern: `:param` is one segment. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}$`);
}

/**
 * The lazy chunks a first visit to each URL needs: the shell's own lazy chunks (the admin root and layout), then the
 * page's, fetched together as the app starts rather than one after the other as React renders them.
 */
export function firstVisitChunks(
  shellChunks: Readonly<Record<RouteShell, readonly (() => Promise<unknown>)[]>>,
  routes: readonly AppRoute[] = APP_ROUTES,
): [RegExp, (() => Promise<unknown>)[]][] {
  return routes.flatMap((route) => {
    const load = route.load;
    if (!load || route.prerendered) return [];
    return route.paths.map((path): [RegExp, (() => Promise<unknown>)[]] => [
      pathPattern(path),
      [...shellChunks[route.shell], load],
    ]);
  });
}
