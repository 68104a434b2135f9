import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { CONTINENTS } from '../../../shared/countries';
import { formatTimelineDate } from '../../domain/format';
import { changeInWords } from '../../../shared/feature-flags';
import {
  selectFlag,
  selectShown,
  selectUnsaved,
  type FeatureToggleActorRef,
} from '../../machines/feature-toggle/selectors';
import type { LastChange as Change } from '../../machines/feature-toggle/types';
import { ContinentGroup } from './continent-group';

/** Who changed the flag last, when (timeline form, team timezone) and what it did. */
function LastChange({ change, timezone }: { change: Change; timezone: string }) {
  if (!change) return <Text color="fg.muted">Not changed since it was set up.</Text>;
  return (
    <Text color="fg.muted">
      Last changed by <strong>{change.by.name}</strong> on{' '}
      <time dateTime={change.at}>{formatTimelineDate(change.at, timezone)}</time>: {changeInWords(change)}.
    </Text>
  );
}

interface FlagCardProps {
  root: FeatureToggleActorRef;
  id: string;
  timezone: string;
}

/** One flag: name, description, default state, its countries by continent and its last change. */
export function FlagCard({ root, id, timezone }: FlagCardProps) {
  const flag = useSelector(root, (s) => selectFlag(s, id));
  const shown = useSelector(root, (s) => selectShown(s, id));
  const unsaved = useSelector(root, (s) => selectUnsaved(s, id));
  if (!flag) return null;
  const headingId = `flag-${id}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Header gap="1">
        <HStack justify="space-between" align="baseline" gap="4">
          <Heading as="h2" size="lg" id={headingId}>
            {flag.name}
          </Heading>
          {/* announced when a change starts saving; the last change below tells when it is saved */}
          <Text role="status" fontSize="sm" color="fg.muted">
            {unsaved ? 'Saving…' : ''}
          </Text>
        </HStack>
        <Text>{flag.description}</Text>
        <Text fontSize="sm" color="fg.muted">
          <Text as="span" fontFamily="mono">
            {flag.id}
          </Text>{' '}
          · Default: {flag.defaultState ? 'on' : 'off'} for the countries not checked
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {CONTINENTS.map((continent) => (
            <ContinentGroup key={continent} root={root} flagId={id} continent={continent} shown={shown} />
          ))}
        </Stack>
      </Card.Body>
      <Card.Footer fontSize="sm">
        <LastChange change={flag.lastChange} timezone={timezone} />
      </Card.Footer>
    </Card.Root>
  );
}
