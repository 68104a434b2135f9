import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { LEFT_OUT_TEXT, type EmailKind, type LeftOutReason } from '../../domain/email-recipients';
import type { EmailField } from '../../machines/email-send/types';
import {
  selectCanSubmit,
  selectDraft,
  selectError,
  selectFailed,
  selectGuides,
  selectInDialog,
  selectKind,
  selectOrders,
  selectPartlyFailed,
  selectRecipients,
  selectRefused,
  selectSendAgain,
  selectSending,
  type EmailSendActorRef,
} from '../../machines/email-send/selectors';
import { Modal } from '../dialogs/modal';
import { DepartedOrders, MessagePreview, RecipientList } from './email-preview';
import { GuidePicker } from './guide-picker';

const TITLES: Record<EmailKind, string> = {
  CONFIRMATION: 'Send confirmation',
  INFORMATION: 'Send information',
  CANCELLATION: 'Send cancellation',
  REVIEW: 'Ask for a review',
};

/** The test id of each dialog of SPEC section 2 (confirmation: one order, or several). */
function dialogId(kind: EmailKind, count: number): string {
  if (kind === 'CONFIRMATION') return count === 1 ? 'send-confirm-dialog' : 'multi-send-confirmation-dialog';
  return { INFORMATION: 'send-info-dialog', CANCELLATION: 'send-cancellation-dialog', REVIEW: 'send-review-dialog' }[
    kind
  ];
}

/** At most this many display ids per reason: a day's thousand orders would make a page of them. */
const SHOWN_PER_REASON = 10;

/** Who is left out, one line per reason: the first display ids and how many more. */
function leftOutByReason(leftOut: ReturnType<typeof selectRecipients>['leftOut']) {
  const groups = new Map<LeftOutReason, string[]>();
  for (const { order, reason } of leftOut) {
    // departed orders have a block of their own, with the tick that keeps them
    if (reason !== 'DEPARTED') groups.set(reason, [...(groups.get(reason) ?? []), order.displayId]);
  }
  return [...groups].map(([reason, all]) => ({
    reason,
    ids: all.slice(0, SHOWN_PER_REASON),
    more: Math.max(0, all.length - SHOWN_PER_REASON),
  }));
}

const fieldStyle = { px: '2', py: '1', borderWidth: '1px', borderRadius: 'md', bg: 'bg', width: 'full' } as const;

/** The e-mail dialogs and alerts of a workspace: what its e-mail machine is showing, rendered. */
export function EmailDialogs({ email }: { email: EmailSendActorRef }) {
  const inDialog = useSelector(email, selectInDialog);
  const failed = useSelector(email, selectFailed);
  const partly = useSelector(email, selectPartlyFailed);
  if (inDialog) return <SendDialog email={email} />;
  if (failed) return <MailErrorAlert email={email} />;
  if (partly) return <PartialMailErrorAlert email={email} />;
  return null;
}

function SendDialog({ email }: { email: EmailSendActorRef }) {
  const kind = useSelector(email, selectKind);
  const orders = useSelector(email, selectOrders);
  const { to, leftOut } = useSelector(email, selectRecipients);
  const sendAgain = useSelector(email, selectSendAgain);
  const canSubmit = useSelector(email, selectCanSubmit);
  const sending = useSelector(email, selectSending);
  const cancel = () => email.send({ type: 'email.cancel' });
  const about = orders.length === 1 ? orders[0].displayId : `${orders.length} orders`;
  return (
    <Modal
      testId={dialogId(kind, orders.length)}
      title={`${TITLES[kind]}: ${about}`}
      size="lg"
      onClose={cancel}
      footer={
        <>
          <Button variant="outline" disabled={sending} onClick={cancel}>
            Cancel
          </Button>
          <Button disabled={!canSubmit} loading={sending} onClick={() => email.send({ type: 'email.submit' })}>
            Send
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text role="status">
          {to.length} {to.length === 1 ? 'customer' : 'customers'} will receive it.
        </Text>
        <RecipientList email={email} />
        <DepartedOrders email={email} />
        {leftOut.some((l) => l.reason !== 'DEPARTED') && (
          <Stack gap="1" data-testid="left-out">
            <Text fontWeight="bold">Left out</Text>
            <chakra.ul m="0" ps="4">
              {leftOutByReason(leftOut).map(({ reason, ids, more }) => (
                <li key={reason}>
                  {LEFT_OUT_TEXT[reason]} ({ids.length + more}): {ids.join(', ')}
                  {more > 0 ? ` and ${more} more` : ''}
                </li>
              ))}
            </chakra.ul>
          </Stack>
        )}
        {kind !== 'INFORMATION' && (
          <chakra.label display="flex" gap="2" alignItems="center">
            <input
              type="checkbox"
              checked={sendAgain}
              onChange={(e) => email.send({ type: 'email.sendAgain', on: e.target.checked })}
            />
            Send again to those who already have it
          </chakra.label>
        )}
        {kind === 'INFORMATION' && <InfoFields email={email} />}
        {kind === 'CANCELLATION' && <TextField email={email} field="reason" label="Reason" multiline />}
        <MessagePreview email={email} />
      </Stack>
    </Modal>
  );
}

function TextField({
  email,
  field,
  label,
  multiline,
}: {
  email: EmailSendActorRef;
  field: EmailField;
  label: string;
  multiline?: boolean;
}) {
  const value = useSelector(email, (s) => selectDraft(s)[field]);
  const onChange = (text: string) => email.send({ type: 'email.field', field, value: text });
  return (
    <chakra.label display="grid" gap="1">
      <Text fontWeight="bold">{label}</Text>
      {multiline ? (
        <chakra.textarea {...fieldStyle} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <chakra.input {...fieldStyle} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </chakra.label>
  );
}

function InfoFields({ email }: { email: EmailSendActorRef }) {
  const guides = useSelector(email, selectGuides);
  const picked = useSelector(email, (s) => selectDraft(s).guide);
  return (
    <>
      <TextField email={email} field="message" label="Message" multiline />
      <TextField email={email} field="meetingPoint" label="Meeting point" />
      <TextField email={email} field="meetingTime" label="Meeting time" />
      {guides && <GuidePicker guides={guides} picked={picked} />}
    </>
  );
}

/** The mail error alerts: Close, or Retry (the machine decides what a retry sends). */
function ErrorAlert({
  email,
  testId,
  title,
  retryLabel,
  children,
}: {
  email: EmailSendActorRef;
  testId: string;
  title: string;
  retryLabel: string;
  children: ReactNode;
}) {
  const close = () => email.send({ type: 'email.cancel' });
  return (
    <Modal
      testId={testId}
      title={title}
      onClose={close}
      footer={
        <HStack>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
          <Button onClick={() => email.send({ type: 'email.retry' })}>{retryLabel}</Button>
        </HStack>
      }
    >
      {children}
    </Modal>
  );
}

/** A send that failed as a whole: nothing was queued; Retry repeats it (the same key: never twice). */
function MailErrorAlert({ email }: { email: EmailSendActorRef }) {
  const error = useSelector(email, selectError);
  return (
    <ErrorAlert email={email} testId="mail-error-alert" title="The e-mails could not be sent" retryLabel="Retry">
      <Text role="alert">Nothing was sent: {error}</Text>
    </ErrorAlert>
  );
}

/** The orders the server refused, with why; Retry sends to those again. */
function PartialMailErrorAlert({ email }: { email: EmailSendActorRef }) {
  const refused = useSelector(email, selectRefused);
  return (
    <ErrorAlert
      email={email}
      testId="partial-mail-error-alert"
      title="Some e-mails could not be sent"
      retryLabel="Retry these"
    >
      {/* the alert holds the list: a list with role="alert" is no longer a list (axe: listitem) */}
      <div role="alert">
        <chakra.ul m="0" ps="4">
          {refused.map((r) => (
            <li key={r.orderId}>
              {r.displayId}: {r.message}
            </li>
          ))}
        </chakra.ul>
      </div>
    </ErrorAlert>
  );
}
