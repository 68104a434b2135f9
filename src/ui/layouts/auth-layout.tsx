import { Card, Center, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product';
import { DemoBanner } from './demo-banner';

/** The auth layout: one centered card. */
export function AuthLayout() {
  return (
    <Center minH="100vh" p="4" flexDirection="column" gap="4">
      <Text fontSize="xl" fontWeight="bold" color="primary.fg">
        {PRODUCT_NAME}
      </Text>
      <DemoBanner />
      <Card.Root width="full" maxW="420px">
        <Card.Body>
          <Outlet />
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
