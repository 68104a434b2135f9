import { Card, Center, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product';

/** The auth layout: one centered card. */
export function AuthLayout() {
  return (
    <Center minH="100vh" p="4" flexDirection="column" gap="4">
      <Text fontSize="xl" fontWeight="bold" color="primary.fg">
        {PRODUCT_NAME}
      </Text>
      <Card.Root width="full" maxW="420px">
        <Card.Body>
          <Outlet />
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
