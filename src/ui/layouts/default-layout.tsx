import { Box, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product';
import { selectNavDrawer } from '../../machines/app/selectors';
import { AppContext } from '../app/actors';
import { GlobalDialogs } from '../dialogs/global-dialogs';
import { DemoBanner } from './demo-banner';
import { NavDrawer } from './nav-drawer';
import { SideNav } from './side-nav';
import { MAIN_ID, SkipLink } from './skip-link';
import { TeamMenu } from './team-menu';
import { UserBox } from './user-box';
import { SIDEBAR_QUERY, useMediaMatch } from './viewport';

/** The sidebar's content (in the aside from 1280 px, in the drawer below): team, areas with their totals, user. */
function NavParts({ portalled }: { portalled: boolean }) {
  return (
    <>
      <DemoBanner />
      <TeamMenu portalled={portalled} />
      <Separator />
      {/* only the navigation scrolls: team and user stay in view */}
      <Box flex="1" minH="0" overflowY="auto">
        <SideNav />
      </Box>
      <Separator />
      <UserBox />
    </>
  );
}

/**
 * The default layout: a skip link, the sidebar (or below 1280 px a top bar with the navigation in
 * a drawer: the app machine's `navDrawer` child), the screen, and over them the global dialogs
 * (whose machine the user box opens the settings dialog through).
 */
export function DefaultLayout() {
  const drawer = AppContext.useSelector(selectNavDrawer);
  const wide = useMediaMatch(SIDEBAR_QUERY);
  useEffect(() => {
    if (wide) drawer?.send({ type: 'viewport.wide' });
  }, [drawer, wide]);
  return (
    <GlobalDialogs>
      <SkipLink />
      {!wide && drawer && (
        <NavDrawer drawer={drawer}>
          <NavParts portalled={false} />
        </NavDrawer>
      )}
      <Flex minH={wide ? '100vh' : undefined}>
        {wide && (
          <Stack
            as="aside"
            width="240px"
            flexShrink={0}
            gap="3"
            p="3"
            borderRightWidth="1px"
            bg="bg.panel"
            position="sticky"
            top="0"
            height="100vh"
          >
            <Text fontSize="lg" fontWeight="bold" color="primary.fg" px="2">
              {PRODUCT_NAME}
            </Text>
            <NavParts portalled />
          </Stack>
        )}
        {/* focusable by the skip link only; the ring would frame the whole screen */}
        <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" flex="1" minW="0" p={{ base: '3', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>
    </GlobalDialogs>
  );
}
