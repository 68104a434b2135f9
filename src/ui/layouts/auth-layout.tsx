import { Card, Center, Text } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';
import { normalizePath, PATHS } from '../../domain/paths';
import { PRODUCT_NAME } from '../../domain/product';
import { DemoBanner } from './demo-banner';

/** The auth layout: one centered card (onboarding's wider: its stages by name beside the stage). */
export function AuthLayout() {
  const wide = normalizePath(useLocation().pathname) === PATHS.onboarding;
  return (
    <Center minH="100vh" p="4" flexDirection="column" gap="4">
      <Text fontSize="xl" fontWeight="bold" color="primary.fg">
        {PRODUCT_NAME}
      </Text>
      <DemoBanner />
      <Card.Root width="full" maxW={wide ? '760px' : '420px'}>
        <Card.Body>
          <Outlet />
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
