import { Box, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product';
import { GlobalDialogs } from '../dialogs/global-dialogs';
import { DemoBanner } from './demo-banner';
import { SideNav } from './side-nav';
import { MAIN_ID, SkipLink } from './skip-link';
import { TeamMenu } from './team-menu';
import { UserBox } from './user-box';

/** The default layout: a skip link, the sidebar (team, areas with their totals, user), the screen and the global dialogs. */
export function DefaultLayout() {
  return (
    <>
      <SkipLink />
      <Flex minH="100vh">
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
          <DemoBanner />
          <TeamMenu />
          <Separator />
          {/* only the navigation scrolls: team and user stay in view */}
          <Box flex="1" minH="0" overflowY="auto">
            <SideNav />
          </Box>
          <Separator />
          <UserBox />
        </Stack>
        {/* focusable by the skip link only; the ring would frame the whole screen */}
        <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" flex="1" minW="0" p="6">
          <Outlet />
        </Box>
      </Flex>
      <GlobalDialogs />
    </>
  );
}
