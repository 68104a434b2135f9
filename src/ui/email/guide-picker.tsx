import { chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { languageName } from '../../domain/display-names';
import type { GuideSearchActorRef, PickedGuide } from '../../machines/guide-search/selectors';

/** Search guides as you type and pick one (a radio group): the guide search machine, rendered. */
export function GuidePicker({ guides: search, picked }: { guides: GuideSearchActorRef; picked: PickedGuide }) {
  const query = useSelector(search, (s) => s.context.query);
  const guides = useSelector(search, (s) => s.context.guides);
  const searching = useSelector(search, (s) => s.hasTag('searching'));
  const error = useSelector(search, (s) => s.context.error);
  return (
    <Stack gap="1">
      <chakra.input
        type="search"
        aria-label="Search guides"
        placeholder="Guide name, language or place"
        value={query}
        onChange={(e) => search.send({ type: 'guide.query', text: e.target.value })}
        px="2"
        py="1"
        borderWidth="1px"
        borderRadius="md"
        bg="bg"
      />
      <Stack role="radiogroup" aria-label="Guides" gap="1" maxH="12rem" overflowY="auto" aria-busy={searching}>
        {guides.map((guide) => (
          <chakra.button
            key={guide.id}
            type="button"
            role="radio"
            aria-checked={guide.id === picked?.id}
            onClick={() => search.send({ type: 'guide.pick', id: guide.id })}
            textAlign="start"
            px="2"
            py="1"
            borderWidth="1px"
            borderRadius="md"
            borderColor={guide.id === picked?.id ? 'primary.solid' : 'border'}
          >
            <Text fontWeight="bold">{guide.name}</Text>
            <Text fontSize="xs" color="fg.muted">
              {guide.languages.map(languageName).join(', ')} · {guide.location}
            </Text>
          </chakra.button>
        ))}
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        {!error && guides.length === 0 && <Text color="fg.muted">{searching ? 'Searching…' : 'No guides found'}</Text>}
      </Stack>
    </Stack>
  );
}
