import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { firstDayStepsFor } from '../../domain/first-day';
import { PATHS } from '../../domain/paths';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { PageHeading } from './page-heading';

/**
 * `/welcome`, where onboarding ends: the new team's next steps, each a link to where it is done,
 * instead of an empty order list. Only the steps the person's role may take are shown.
 */
export function FirstDayPage() {
  const team = SessionContext.useSelector(selectTeam);
  const steps = firstDayStepsFor(team?.role ?? null);
  return (
    <Stack gap="5" maxW="60rem">
      <PageHeading />
      <Text>{team ? <strong>{team.name}</strong> : 'Your team'} is ready. A few steps bring in its first orders:</Text>
      <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="4" listStyleType="none" p="0" m="0">
        {steps.map((step, i) => (
          <Card.Root as="li" key={step.id} data-step={step.id}>
            <Card.Body gap="2">
              <Heading as="h2" size="md">
                {i + 1}. {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Card.Body>
            <Card.Footer>
              <Button asChild size="sm" variant="outline">
                <RouterLink to={step.to}>{step.action}</RouterLink>
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Text>
        <Button asChild size="sm" variant="plain" px="0">
          <RouterLink to={PATHS.landing}>Go to your orders</RouterLink>
        </Button>
      </Text>
    </Stack>
  );
}
