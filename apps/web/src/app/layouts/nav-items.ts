import {
  Brain,
  Briefcase,
  LayoutDashboard,
  LineChart,
  Star,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey: string;
  hintKey: string;
  icon: LucideIcon;
}

/** The investor's menu, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', hintKey: 'nav.dashboardHint', icon: LayoutDashboard },
  { to: '/stocks', labelKey: 'nav.stocks', hintKey: 'nav.stocksHint', icon: TrendingUp },
  { to: '/indices', labelKey: 'nav.indices', hintKey: 'nav.indicesHint', icon: LineChart },
  { to: '/portfolio', labelKey: 'nav.portfolio', hintKey: 'nav.portfolioHint', icon: Briefcase },
  { to: '/watchlist', labelKey: 'nav.watchlist', hintKey: 'nav.watchlistHint', icon: Star },
  { to: '/predictions', labelKey: 'nav.predictions', hintKey: 'nav.predictionsHint', icon: Brain },
];
