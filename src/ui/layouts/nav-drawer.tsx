import { chakra, CloseButton, Drawer, Flex, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product';
import { selectDrawerOpen, type NavDrawerActorRef } from '../../machines/nav-drawer/selectors';

/** The top bar's height on narrow screens (px): the menu button and the product's name. */
export const TOP_BAR_HEIGHT = 56;

function MenuIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="6" height="6" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </chakra.svg>
  );
}

/**
 * Below 1280 px: a top bar with the menu button, and the sidebar's content in a drawer that the
 * layout's `navDrawer` machine opens and closes (a link followed or the route changing closes it).
 * `children` is the sidebar's content, rendered only while the drawer is open.
 */
export function NavDrawer({ drawer, children }: { drawer: NavDrawerActorRef; children: ReactNode }) {
  const open = useSelector(drawer, selectDrawerOpen);
  const location = useLocation();
  useEffect(() => drawer.send({ type: 'route.changed', path: location.pathname }), [drawer, location]);
  // a link inside the drawer closes it, even one to the page already shown (no route change then)
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a[href]')) drawer.send({ type: 'drawer.linkFollowed' });
  };
  return (
    <>
      <Flex
        as="header"
        h={`${TOP_BAR_HEIGHT}px`}
        px="2"
        gap="2"
        align="center"
        borderBottomWidth="1px"
        bg="bg.panel"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <IconButton
          aria-label="Open navigation"
          variant="ghost"
          colorPalette="gray"
          minW="44px"
          h="44px"
          aria-expanded={open}
          onClick={() => drawer.send({ type: 'drawer.open' })}
        >
          <MenuIcon />
        </IconButton>
        <Text fontSize="lg" fontWeight="bold" color="primary.fg">
          {PRODUCT_NAME}
        </Text>
      </Flex>
      <Drawer.Root
        recipe={drawerSlotRecipe}
        open={open}
        placement="start"
        size="xs"
        lazyMount
        unmountOnExit
        onOpenChange={(details) => !details.open && drawer.send({ type: 'drawer.close' })}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="min(320px, calc(100vw - 44px))" data-testid="nav-drawer">
              <Drawer.Header px="3" py="2" display="flex" alignItems="center" justifyContent="space-between">
                <Drawer.Title fontSize="lg">Navigation</Drawer.Title>
                <Drawer.CloseTrigger asChild position="static">
                  <CloseButton aria-label="Close navigation" minW="44px" h="44px" />
                </Drawer.CloseTrigger>
              </Drawer.Header>
              <Drawer.Body px="3" pb="3" pt="0" onClick={onClick}>
                <Stack gap="3" minH="full">
                  {children}
                </Stack>
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </>
  );
}
