import { Box, Flex, Link, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { NavLink } from 'react-router-dom';
import { navAreasFor, type NavLink as NavItem } from '../../domain/navigation';
import { areaSearch } from '../../domain/nav-scope';
import type { NavCountsContext } from '../../machines/nav-counts/nav-counts.machine';
import { selectIsPlatformAdmin, selectNavCounts, selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { LiveIndicator } from './live-indicator';

type NavCountsRef = NonNullable<ReturnType<typeof selectNavCounts>>;

/** `/orders` -> orders, `/tours/today` -> tours; null for areas without totals. */
function areaOf(to: string): 'orders' | 'tours' | null {
  const area = to.split('/')[1];
  return area === 'orders' || area === 'tours' ? area : null;
}

/** `/orders` -> orders.all, `/tours/today` -> tours.today; undefined for areas without totals. */
function totalOf(totals: NavCountsContext['totals'], to: string): number | null | undefined {
  const area = areaOf(to);
  if (!area) return undefined;
  return totals[area][to.split('/')[2] ?? 'all'];
}

/** The query a link carries: the range and filters its total counts (never a search: nav-scope.ts). */
function useLinkSearch(counts: NavCountsRef | undefined, link: NavItem): string {
  const area = link.count ? null : areaOf(link.to);
  return useSelector(counts, (s) => (s && area ? areaSearch(s.context.scope, area) : ''));
}

function Total({ counts, to }: { counts: NavCountsRef; to: string }) {
  const total = useSelector(counts, (s) => totalOf(s.context.totals, to));
  return <Count total={total} to={to} />;
}

function Count({ total, to }: { total: number | null | undefined; to: string }) {
  if (total == null) return null;
  return (
    <Box as="span" fontSize="xs" color="fg.muted" minW="8" textAlign="end" data-nav-total={to}>
      {total.toLocaleString('en-US')}
    </Box>
  );
}

/** The inbox's open items, counted by the totals' `inboxCount` child. */
function InboxTotal({ counts, to }: { counts: NavCountsRef; to: string }) {
  const child = useSelector(counts, (s) => s.children.inboxCount);
  const total = useSelector(child, (s) => s?.context.total ?? null);
  return <Count total={total} to={to} />;
}

function Item({ link, nested }: { link: NavItem; nested?: boolean }) {
  const counts = SessionContext.useSelector(selectNavCounts);
  const search = useLinkSearch(counts, link);
  return (
    <Flex align="center" gap="1">
      <Link
        asChild
        flex="1"
        // in the drawer (below 1280 px, a touch screen) each link is a 44 px touch target
        display={{ base: 'flex', xl: 'block' }}
        alignItems="center"
        minH={{ base: '44px', xl: 'auto' }}
        px="2"
        py="1"
        ps={nested ? '5' : '2'}
        borderRadius="l2"
        color={nested ? 'fg.muted' : 'fg'}
        fontWeight={nested ? 'normal' : 'semibold'}
        textDecoration="none"
        _hover={{ bg: 'primary.subtle', textDecoration: 'none' }}
        _currentPage={{ color: 'primary.fg', bg: 'primary.subtle' }}
      >
        {/* `end`: an area link is current on its own page only, not on its views */}
        <NavLink to={{ pathname: link.to, search }} end>
          {link.label}
        </NavLink>
      </Link>
      {counts &&
        (link.count === 'inbox' ? <InboxTotal counts={counts} to={link.to} /> : <Total counts={counts} to={link.to} />)}
    </Flex>
  );
}

/**
 * Every area of the app with its view sub-links and, for orders and tours, their totals: those
 * of the list on screen (its range, filters and search; its links keep all but the search), else
 * of the default month.
 */
export function SideNav() {
  const isPlatformAdmin = SessionContext.useSelector(selectIsPlatformAdmin);
  const role = SessionContext.useSelector((s) => selectTeam(s)?.role ?? null);
  return (
    <Stack as="nav" aria-label="Main" gap="0.5">
      <LiveIndicator />
      {navAreasFor(isPlatformAdmin, role).map((area) => (
        <Stack key={area.to} gap="0.5">
          <Item link={area} />
          {area.links.map((link) => (
            <Item key={link.to} link={link} nested />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
