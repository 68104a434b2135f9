import { Heading } from '@chakra-ui/react';
import { useRouteTitle } from '../page-title';

/** The screen's heading: its route title. */
export function PageHeading() {
  const title = useRouteTitle();
  return (
    <Heading as="h1" size="2xl" mb="4">
      {title}
    </Heading>
  );
}
