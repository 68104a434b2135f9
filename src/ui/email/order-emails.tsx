import { chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../domain/format';
import { selectError, selectMessages, type OrderEmailsActorRef } from '../../machines/order-emails/selectors';

const STATE_TEXT = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  withdrawn: 'Withdrawn (the order was cancelled)',
} as const;
const TYPE_TEXT = {
  CONFIRMATION: 'Confirmation',
  INFORMATION: 'Information',
  CANCELLATION: 'Cancellation',
  REVIEW: 'Review request',
  INQUIRY: 'Inquiry',
} as const;

/** The order's e-mails with their delivery state (followed while one is on its way). */
export function OrderEmails({ emails, timezone }: { emails: OrderEmailsActorRef; timezone: string }) {
  const messages = useSelector(emails, selectMessages);
  const error = useSelector(emails, selectError);
  if (!messages.length && !error) return null;
  return (
    <Stack gap="1">
      <Text fontWeight="bold">E-mails</Text>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      <chakra.ul listStyleType="none" m="0" p="0" data-testid="order-emails" aria-live="polite">
        {messages.map((m) => (
          <chakra.li key={m.id} fontSize="sm" pb="1" data-state={m.state}>
            <Text as="span" fontWeight="bold">
              {TYPE_TEXT[m.type]}
            </Text>{' '}
            to {m.to}: {STATE_TEXT[m.state]}
            {m.sentAt ? ` ${formatDateTime(m.sentAt, timezone)}` : ''}
            {m.state !== 'sent' && m.lastError ? ` (${m.lastError})` : ''}
          </chakra.li>
        ))}
      </chakra.ul>
    </Stack>
  );
}
