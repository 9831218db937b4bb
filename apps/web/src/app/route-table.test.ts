import { describe, expect, it } from 'vitest';
import {
  BI_ANY_ACCESS,
  meetsRequirement,
  ROLE_INFO,
  type PermissionRequirement,
} from '@bist/contracts/values';
import {
  adminScreens,
  APP_ROUTES,
  firstVisitChunks,
  navItems,
  pathPattern,
  type RouteShell,
} from './route-table';

/** The screen access table as it was written out before the route table generated it. */
const PREVIOUS_SCREEN_ACCESS: Record<string, PermissionRequirement> = {
  '/admin/dashboard': { kind: 'authenticated' },
  '/admin/users': { kind: 'permission', permission: 'user_management' },
  '/admin/analytics': BI_ANY_ACCESS,
  '/admin/compliance': {
    kind: 'any',
    permissions: ['compliance_management', 'compliance_data', 'compliance_reports'],
  },
  '/admin/ai-unified': { kind: 'authenticated' },
  '/admin/ai': { kind: 'permission', permission: 'ai_management' },
  '/admin/settings': { kind: 'permission', permission: 'all' },
  '/admin/audit': { kind: 'permission', permission: 'all' },
};

/** The screens each role opens, in the admin menu's order. */
const SCREENS_BY_ROLE: Record<keyof typeof ROLE_INFO, string[]> = {
  super_admin: [
    '/admin/dashboard',
    '/admin/users',
    '/admin/audit',
    '/admin/settings',
    '/admin/analytics',
    '/admin/compliance',
    '/admin/ai-unified',
    '/admin/ai',
  ],
  ceo: ['/admin/dashboard', '/admin/users', '/admin/analytics', '/admin/ai-unified'],
  cto: ['/admin/dashboard', '/admin/users', '/admin/analytics', '/admin/ai-unified'],
  cfo: ['/admin/dashboard', '/admin/analytics', '/admin/compliance', '/admin/ai-unified'],
  operations_manager: ['/admin/dashboard', '/admin/analytics', '/admin/ai-unified'],
  risk_manager: ['/admin/dashboard', '/admin/compliance', '/admin/ai-unified'],
  technical_lead: ['/admin/dashboard', '/admin/analytics', '/admin/ai-unified'],
  customer_success: ['/admin/dashboard', '/admin/analytics', '/admin/ai-unified'],
  marketing_manager: ['/admin/dashboard', '/admin/analytics', '/admin/ai-unified'],
  data_analyst: ['/admin/dashboard', '/admin/analytics', '/admin/ai-unified'],
};

const allPaths = APP_ROUTES.flatMap((route) => route.paths);

describe('APP_ROUTES', () => {
  it('gives every route exactly one of a component in the first chunk or a lazy chunk', () => {
    for (const route of APP_ROUTES)
      expect(Number(Boolean(route.component)) + Number(Boolean(route.load)), route.paths[0]).toBe(1);
  });

  it('writes no URL twice and keeps each URL under its side', () => {
    expect(new Set(allPaths).size).toBe(allPaths.length);
    for (const route of APP_ROUTES)
      for (const path of route.paths)
        expect(path.startsWith('/admin/'), path).toBe(
          route.shell === 'admin' || route.shell === 'adminPublic',
        );
  });

  it('keeps every URL the spec and the e2e suite use', () => {
    expect(allPaths).toEqual([
      '/',
      '/login',
      '/register',
      '/sifremi-unuttum',
      '/sifre-sifirla',
      '/aydinlatma-metni',
      '/hesap-silindi',
      '/dashboard',
      '/stocks',
      '/stocks/:symbol',
      '/indices',
      '/indices/:code',
      '/portfolio',
      '/watchlist',
      '/predictions',
      '/settings',
      '/admin/login',
      '/admin/forgot-password',
      '/admin/reset-password',
      '/admin/dashboard',
      '/admin/users',
      '/admin/audit',
      '/admin/settings',
      '/admin/analytics',
      '/admin/compliance',
      '/admin/ai-unified',
      '/admin/ai',
    ]);
  });
});

describe(navItems.name, () => {
  it('lists the investor menu in order, each item a page of the investor layout', () => {
    const items = navItems('investor');
    expect(items.map((item) => [item.to, item.labelKey, item.hintKey])).toEqual([
      ['/dashboard', 'nav.dashboard', 'nav.dashboardHint'],
      ['/stocks', 'nav.stocks', 'nav.stocksHint'],
      ['/indices', 'nav.indices', 'nav.indicesHint'],
      ['/portfolio', 'nav.portfolio', 'nav.portfolioHint'],
      ['/watchlist', 'nav.watchlist', 'nav.watchlistHint'],
      ['/predictions', 'nav.predictions', 'nav.predictionsHint'],
    ]);
  });

  it('routes every menu item of both sides to a table entry of that side', () => {
    for (const side of ['investor', 'admin'] as const)
      for (const item of navItems(side)) {
        const route = APP_ROUTES.find((candidate) => candidate.paths.includes(item.to));
        expect(route?.shell, item.to).toBe(side);
        expect(item.icon, item.to).toBeTruthy();
      }
    expect(navItems('admin').map((item) => item.labelKey)).toEqual([
      'nav.dashboard',
      'nav.users',
      'nav.audit',
      'nav.settings',
      'nav.analytics',
      'nav.compliance',
      'nav.aiUnified',
      'nav.ai',
    ]);
  });
});

describe(adminScreens.name, () => {
  const screens = adminScreens();

  it('derives the same screen access as the table written out before, screen by screen', () => {
    expect(Object.fromEntries(screens.map((screen) => [screen.path, screen.access]))).toEqual(
      PREVIOUS_SCREEN_ACCESS,
    );
  });

  it('opens to each role exactly the screens it opened before', () => {
    for (const [role, info] of Object.entries(ROLE_INFO)) {
      const opens = screens.filter((screen) => meetsRequirement(info.permissions, screen.access));
      expect(
        opens.map((screen) => screen.path),
        role,
      ).toEqual(SCREENS_BY_ROLE[role as keyof typeof ROLE_INFO]);
    }
  });

  it('has an Access Denied sentence for every screen some role is refused', () => {
    for (const screen of screens) {
      const refusesSomeone = Object.values(ROLE_INFO).some(
        (info) => !meetsRequirement(info.permissions, screen.access),
      );
      if (refusesSomeone) expect(screen.deniedKey, screen.path).toMatch(/^accessDenied\./);
    }
  });
});

describe(pathPattern.name, () => {
  it('matches a path exactly, a parameter as one segment', () => {
    expect(pathPattern('/stocks/:symbol').test('/stocks/THYAO')).toBe(true);
    expect(pathPattern('/stocks/:symbol').test('/stocks/THYAO/x')).toBe(false);
    expect(pathPattern('/stocks/:symbol').test('/stocks')).toBe(false);
    expect(pathPattern('/admin/ai').test('/admin/ai-unified')).toBe(false);
    expect(pathPattern('/').test('/')).toBe(true);
  });
});

describe(firstVisitChunks.name, () => {
  const ROOT = () => Promise.resolve('admin root');
  const LAYOUT = () => Promise.resolve('admin layout');
  const shellChunks: Record<RouteShell, (() => Promise<unknown>)[]> = {
    guest: [],
    public: [],
    investor: [],
    adminPublic: [ROOT],
    admin: [ROOT, LAYOUT],
  };
  const table = firstVisitChunks(shellChunks);
  const chunksOf = (pathname: string) => table.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const routeAt = (path: string) => APP_ROUTES.find((route) => route.paths.includes(path))!;

  it("loads the admin root and layout beside an admin screen's chunk, the root alone beside the sign-in's", () => {
    expect(chunksOf('/admin/users')).toEqual([ROOT, LAYOUT, routeAt('/admin/users').load]);
    expect(chunksOf('/admin/ai')).toEqual([ROOT, LAYOUT, routeAt('/admin/ai').load]);
    expect(chunksOf('/admin/login')).toEqual([ROOT, routeAt('/admin/login').load]);
    expect(chunksOf('/admin/reset-password')).toEqual([ROOT, routeAt('/admin/forgot-password').load]);
  });

  it("loads an investor page's chunk for each of its URLs", () => {
    expect(chunksOf('/stocks/THYAO')).toEqual([routeAt('/stocks/:symbol').load]);
    expect(chunksOf('/indices/XU100')).toEqual([routeAt('/indices').load]);
    expect(chunksOf('/indices')).toEqual([routeAt('/indices').load]);
    expect(chunksOf('/sifre-sifirla')).toEqual([routeAt('/sifremi-unuttum').load]);
  });

  it('starts nothing for the prerendered pages, the dashboard in the first chunk, and unknown URLs', () => {
    for (const path of ['/', '/login', '/dashboard', '/stocks/THYAO/extra', '/admin', '/nope'])
      expect(chunksOf(path), path).toEqual([]);
  });
});
