import { can, type OperationId } from '../../shared/permissions';
import { PATHS } from './paths';
import { ORDER_VIEWS, TOUR_VIEWS, type OrderView, type Role, type TourView } from './statuses';

/** Areas of the default layout's sidebar, their view sub-links and the screens' headings. */
export interface NavLink {
  to: string;
  label: string;
  /** Shown to platform admins only (the route has the check-admin guard). */
  platformAdminOnly?: boolean;
  /** Shown only to a role that may call this operation in the team (shared/permissions.ts). */
  operation?: OperationId;
  /** A count of its own next to it instead of the area's totals: the inbox's open items. */
  count?: 'inbox';
}

export interface NavArea extends NavLink {
  links: NavLink[];
}

export const ORDER_VIEW_LABELS: Record<OrderView, string> = {
  'new-added': 'New orders',
  pending: 'Pending orders',
  issues: 'Orders with issues',
  'cancel-requested': 'Cancel requested orders',
  canceled: 'Canceled orders',
};

export const TOUR_VIEW_LABELS: Record<TourView, string> = {
  arranged: 'Arranged',
  grouped: 'Grouped',
  completed: 'Completed',
  today: 'Today',
  tomorrow: 'Tomorrow',
};

export const AREA_TITLES = {
  orders: 'Orders',
  inbox: 'Inbox',
  tours: 'Tours',
  products: 'Products',
  statistics: 'Statistics',
  export: 'Export',
  deleted: 'Recently deleted',
  marketing: 'Marketing',
  adsList: 'Advertisements',
  interstitial: 'Interstitial',
  settings: 'Settings',
  featureToggle: 'Feature toggles',
  login: 'Login',
  onboarding: 'Onboarding',
  callback: 'Signing in',
  notFound: 'Page not found',
  firstDay: 'Welcome',
} as const;

/** Heading of a tour view: `Tours — Arranged`. */
export function tourViewTitle(view: TourView): string {
  return `${AREA_TITLES.tours} — ${TOUR_VIEW_LABELS[view]}`;
}

export const NAV_AREAS: readonly NavArea[] = [
  {
    to: '/orders',
    label: AREA_TITLES.orders,
    links: [
      { to: PATHS.inbox, label: AREA_TITLES.inbox, count: 'inbox' },
      ...ORDER_VIEWS.map((view) => ({ to: `/orders/${view}`, label: ORDER_VIEW_LABELS[view] })),
    ],
  },
  {
    to: '/tours',
    label: AREA_TITLES.tours,
    links: TOUR_VIEWS.map((view) => ({ to: `/tours/${view}`, label: TOUR_VIEW_LABELS[view] })),
  },
  { to: '/products', label: AREA_TITLES.products, links: [] },
  { to: '/statistics', label: AREA_TITLES.statistics, links: [] },
  { to: '/export', label: AREA_TITLES.export, links: [] },
  { to: '/deleted', label: AREA_TITLES.deleted, links: [], operation: 'listDeleted' },
  {
    to: '/marketing',
    label: AREA_TITLES.marketing,
    links: [
      { to: '/marketing/ads-list', label: AREA_TITLES.adsList },
      { to: '/marketing/interstitial', label: AREA_TITLES.interstitial },
    ],
  },
  {
    to: '/setting',
    label: AREA_TITLES.settings,
    links: [{ to: '/setting/feature-toggle', label: AREA_TITLES.featureToggle, platformAdminOnly: true }],
  },
];

/** The sidebar as a platform admin, or anyone else, sees it, with the role in the current team. */
export function navAreasFor(isPlatformAdmin: boolean, role: Role | null = null): NavArea[] {
  const shown = (l: NavLink) => (isPlatformAdmin || !l.platformAdminOnly) && (!l.operation || can(role, l.operation));
  return NAV_AREAS.filter(shown).map((area) => ({ ...area, links: area.links.filter(shown) }));
}
