import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../domain/format';
import {
  selectCanNext,
  selectCanPrevious,
  selectPosition,
  selectPreview,
  selectPreviewBusy,
  selectPreviewError,
  type EmailPreviewActorRef,
} from '../../machines/email-preview/selectors';
import {
  selectDeparted,
  selectKeepPast,
  selectPreviewActor,
  selectRecipients,
  selectTimezone,
  type EmailSendActorRef,
} from '../../machines/email-send/selectors';

/** At most this many recipients are listed: the count says how many more. */
const SHOWN_RECIPIENTS = 50;

/** Who receives it: name and address, the first fifty. */
export function RecipientList({ email }: { email: EmailSendActorRef }) {
  const { to } = useSelector(email, selectRecipients);
  if (to.length === 0) return null;
  const more = to.length - SHOWN_RECIPIENTS;
  return (
    <Box maxH="8.5rem" overflowY="auto" borderWidth="1px" borderRadius="md" px="2" py="1">
      <chakra.ul m="0" ps="0" listStyleType="none" aria-label="Recipients" data-testid="recipients">
        {to.slice(0, SHOWN_RECIPIENTS).map((order) => (
          <li key={order.id}>
            {order.customer?.name || order.displayId}{' '}
            <Text as="span" color="fg.muted">
              &lt;{order.customer?.email?.trim()}&gt;
            </Text>
          </li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </chakra.ul>
    </Box>
  );
}

/** Orders whose tour has departed, named with their departure; left out unless the operator keeps them. */
export function DepartedOrders({ email }: { email: EmailSendActorRef }) {
  const departed = useSelector(email, selectDeparted);
  const keep = useSelector(email, selectKeepPast);
  const timezone = useSelector(email, selectTimezone);
  if (departed.length === 0) return null;
  const shown = departed.slice(0, 10);
  return (
    <Stack gap="1" data-testid="departed" borderWidth="1px" borderColor="orange.300" borderRadius="md" p="2">
      <Text fontWeight="bold">
        {departed.length === 1 ? '1 order has' : `${departed.length} orders have`} already departed
      </Text>
      <chakra.ul m="0" ps="4">
        {shown.map((order) => (
          <li key={order.id}>
            {order.displayId}, departed {formatDateTime(order.departureAt, timezone)}
          </li>
        ))}
        {departed.length > shown.length && <li>and {departed.length - shown.length} more</li>}
      </chakra.ul>
      <chakra.label display="flex" gap="2" alignItems="center">
        <input
          type="checkbox"
          checked={keep}
          onChange={(e) => email.send({ type: 'email.keepPast', on: e.target.checked })}
        />
        Send to {departed.length === 1 ? 'it' : 'them'} as well
      </chakra.label>
    </Stack>
  );
}

/** The message a recipient receives, as the server renders it, with a step through the others. */
export function MessagePreview({ email }: { email: EmailSendActorRef }) {
  const preview = useSelector(email, selectPreviewActor);
  if (!preview) return null;
  return <PreviewPane preview={preview} />;
}

function PreviewPane({ preview: actor }: { preview: EmailPreviewActorRef }) {
  const preview = useSelector(actor, selectPreview);
  const error = useSelector(actor, selectPreviewError);
  const busy = useSelector(actor, selectPreviewBusy);
  const { at, of } = useSelector(actor, selectPosition);
  const canNext = useSelector(actor, selectCanNext);
  const canPrevious = useSelector(actor, selectCanPrevious);
  if (of === 0) return null;
  return (
    <chakra.section aria-label="E-mail preview" data-testid="email-preview" aria-busy={busy}>
      <HStack justify="space-between" mb="1">
        <Text fontWeight="bold">Preview</Text>
        <HStack gap="1">
          <Button
            size="xs"
            variant="outline"
            disabled={!canPrevious}
            onClick={() => actor.send({ type: 'preview.previous' })}
          >
            Previous
          </Button>
          <Text aria-live="polite" minW="4.5rem" textAlign="center">
            {at} of {of}
          </Text>
          <Button size="xs" variant="outline" disabled={!canNext} onClick={() => actor.send({ type: 'preview.next' })}>
            Next
          </Button>
        </HStack>
      </HStack>
      <Box borderWidth="1px" borderRadius="md" p="2" bg="bg.subtle" minH="6rem" opacity={busy ? 0.6 : 1}>
        {error && <Text role="alert">{error}</Text>}
        {!error && !preview && <Text color="fg.muted">Rendering…</Text>}
        {preview && (
          <Stack gap="1">
            <Text>
              To: {preview.to.name} &lt;{preview.to.email}&gt;
            </Text>
            {preview.refused ? (
              <Text role="alert">
                Not sent to {preview.displayId}: {preview.refused.message}
              </Text>
            ) : (
              <>
                <Text data-testid="preview-subject">
                  Subject: <strong>{preview.subject}</strong>
                </Text>
                <chakra.div
                  data-testid="preview-text"
                  whiteSpace="pre-wrap"
                  maxH="14rem"
                  overflowY="auto"
                  tabIndex={0}
                  aria-label="E-mail body"
                >
                  {preview.text}
                </chakra.div>
              </>
            )}
          </Stack>
        )}
      </Box>
    </chakra.section>
  );
}
