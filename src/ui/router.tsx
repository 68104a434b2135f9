import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { MANIFEST_TITLE } from '../domain/check-in';
import { INVITATION_TITLE } from '../domain/members';
import { AREA_TITLES, ORDER_VIEW_LABELS, tourViewTitle } from '../domain/navigation';
import { PATHS } from '../domain/paths';
import { ORDER_VIEWS, TOUR_VIEWS } from '../domain/statuses';
import type { AppActorRef } from '../machines/app/selectors';
import { decideRouteFor } from '../machines/session/route-access';
import type { SessionActorRef } from '../machines/session/selectors';
import { RouteErrorPage } from './errors/route-error-page';
import { FullPageSpinner } from './full-page-spinner';
import type { RouteHandle } from './page-title';
import { RootRoute } from './root-route';

/**
 * Every route of SPEC section 2. Screens and layouts are `lazy`, so no screen's
 * code loads before it is visited; the root loader applies the route rules and
 * guards on every navigation.
 */
export interface RouterDeps {
  session: SessionActorRef;
  app: AppActorRef;
}

const handle = (title: string): RouteHandle => ({ title });

const layouts = {
  auth: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  default: () => import('./layouts/default-layout').then((m) => ({ Component: m.DefaultLayout })),
};

const pages = {
  login: () => import('./pages/login-page').then((m) => ({ Component: m.LoginPage })),
  onboarding: () => import('./pages/onboarding-page').then((m) => ({ Component: m.OnboardingPage })),
  callback: () => import('./pages/callback-page').then((m) => ({ Component: m.CallbackPage })),
  orders: () => import('./pages/orders-page').then((m) => ({ Component: m.OrdersPage })),
  tours: () => import('./pages/tours-page').then((m) => ({ Component: m.ToursPage })),
  products: () => import('./pages/products-page').then((m) => ({ Component: m.ProductsPage })),
  statistics: () => import('./pages/statistics-page').then((m) => ({ Component: m.StatisticsPage })),
  export: () => import('./pages/export-page').then((m) => ({ Component: m.ExportPage })),
  deleted: () => import('./pages/deleted-page').then((m) => ({ Component: m.DeletedPage })),
  marketing: () => import('./pages/marketing-page').then((m) => ({ Component: m.MarketingPage })),
  adsList: () => import('./pages/ads-list-page').then((m) => ({ Component: m.AdsListPage })),
  interstitial: () => import('./pages/interstitial-page').then((m) => ({ Component: m.InterstitialPage })),
  settings: () => import('./pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
  featureToggle: () => import('./pages/feature-toggle-page').then((m) => ({ Component: m.FeatureTogglePage })),
  inbox: () => import('./inbox/inbox-page').then((m) => ({ Component: m.InboxPage })),
  notFound: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  invitation: () => import('./pages/invitation-page').then((m) => ({ Component: m.InvitationPage })),
  firstDay: () => import('./pages/first-day-page').then((m) => ({ Component: m.FirstDayPage })),
  tourManifest: () => import('./manifest/manifest-page').then((m) => ({ Component: m.TourManifestPage })),
  departureManifest: () => import('./manifest/manifest-page').then((m) => ({ Component: m.DepartureManifestPage })),
};

export const appRoutes: RouteObject[] = [
  {
    path: 'auth',
    lazy: layouts.auth,
    children: [
      { path: 'login', lazy: pages.login, handle: handle(AREA_TITLES.login) },
      { path: 'onboarding', lazy: pages.onboarding, handle: handle(AREA_TITLES.onboarding) },
      { path: 'callback', lazy: pages.callback, handle: handle(AREA_TITLES.callback) },
    ],
  },
  // an invitation link: open to everybody (the route guards), whoever is signed in
  {
    path: 'invitations',
    lazy: layouts.auth,
    children: [{ path: ':token', lazy: pages.invitation, handle: handle(INVITATION_TITLE) }],
  },
  {
    lazy: layouts.default,
    children: [
      // `/` has no screen: the route rules redirect it before render
      { index: true, element: <Navigate to={PATHS.landing} replace /> },
      {
        path: 'orders',
        children: [
          { index: true, lazy: pages.orders, handle: handle(AREA_TITLES.orders) },
          ...ORDER_VIEWS.map((view) => ({ path: view, lazy: pages.orders, handle: handle(ORDER_VIEW_LABELS[view]) })),
          { path: 'inbox', lazy: pages.inbox, handle: handle(AREA_TITLES.inbox) },
        ],
      },
      {
        path: 'tours',
        children: [
          { index: true, lazy: pages.tours, handle: handle(AREA_TITLES.tours) },
          ...TOUR_VIEWS.map((view) => ({ path: view, lazy: pages.tours, handle: handle(tourViewTitle(view)) })),
          // the day's list of who is on the tour, with check-in
          { path: ':id/manifest', lazy: pages.tourManifest, handle: handle(MANIFEST_TITLE) },
        ],
      },
      // a departure with no tour: `?product=<id>&at=<ISO>`
      { path: 'departures/manifest', lazy: pages.departureManifest, handle: handle(MANIFEST_TITLE) },
      { path: 'products', lazy: pages.products, handle: handle(AREA_TITLES.products) },
      { path: 'statistics', lazy: pages.statistics, handle: handle(AREA_TITLES.statistics) },
      { path: 'export', lazy: pages.export, handle: handle(AREA_TITLES.export) },
      { path: 'deleted', lazy: pages.deleted, handle: handle(AREA_TITLES.deleted) },
      // where onboarding ends: the next steps of a new team's first day
      { path: 'welcome', lazy: pages.firstDay, handle: handle(AREA_TITLES.firstDay) },
      {
        path: 'marketing',
        children: [
          { path: '', lazy: pages.marketing, handle: handle(AREA_TITLES.marketing) },
          { path: 'ads-list', lazy: pages.adsList, handle: handle(AREA_TITLES.adsList) },
          { path: 'interstitial', lazy: pages.interstitial, handle: handle(AREA_TITLES.interstitial) },
        ],
      },
      {
        path: 'setting',
        children: [
          { index: true, lazy: pages.settings, handle: handle(AREA_TITLES.settings) },
          // check-admin: the root loader's guard sends non-admins to the landing page
          { path: 'feature-toggle', lazy: pages.featureToggle, handle: handle(AREA_TITLES.featureToggle) },
        ],
      },
      { path: '*', lazy: pages.notFound, handle: handle(AREA_TITLES.notFound) },
    ],
  },
];

/** The root loader: route rules, then guards, against the live session. */
export function guardLoader({ session, app }: RouterDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = await decideRouteFor(session, url.pathname, request.signal);
    if (decision.kind === 'redirect') return redirect(decision.to);
    if (decision.kind === 'leave') {
      app.send({ type: 'route.leave', url: decision.url });
      // the browser is leaving: keep the navigation pending instead of rendering a page
      return new Promise<never>(() => undefined);
    }
    return null;
  };
}

export function rootRoute(deps: RouterDeps, children: RouteObject[] = appRoutes): RouteObject {
  return {
    id: 'root',
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    loader: guardLoader(deps),
    // guards must run on every navigation, not only when the root's params change
    shouldRevalidate: () => true,
    children,
  };
}

export function createAppRouter(deps: RouterDeps) {
  return createBrowserRouter([rootRoute(deps)]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
