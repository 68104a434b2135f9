import { Box, Button, chakra, CloseButton, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ListKind } from '../../machines/list/types';
import type { EmailSendActorRef } from '../../machines/email-send/selectors';
import type { OrderEmailsActorRef } from '../../machines/order-emails/selectors';
import type { SelectionActorRef } from '../../machines/selection/selectors';
import { EmailMenu } from '../email/email-menu';
import { useIsPhone } from '../layouts/viewport';
import { OrderEmails } from '../email/order-emails';
import { DeleteDialog } from './delete-dialog';
import { EventLog } from './event-log';
import { LeaveQuestion } from '../dialogs/leave-question';
import type { LeaveGuardActorRef } from '../../machines/leave-guard/selectors';
import { Editor } from './editors';
import {
  selectLeaveGuard,
  selectRemover,
  type DetailRef,
  type OrderEditsRef,
  type TourEditsRef,
} from '../../machines/detail/selectors';
import { OrderFields, TourFields } from './record-fields';

interface SidePanelProps {
  kind: ListKind;
  detail: DetailRef;
  selection: SelectionActorRef;
  /** The screen's e-mail machine (orders only). */
  email?: EmailSendActorRef;
  /** The open order's e-mails (orders only). */
  emails?: OrderEmailsActorRef;
  timezone: string;
}

/** The side panel of the row the selection opened: its fields, edits with history, activity. */
export function SidePanel({ kind, detail, selection, email, emails, timezone }: SidePanelProps) {
  const edits = useSelector(detail, (s) => s.children.edits) as OrderEditsRef | TourEditsRef | undefined;
  const closed = useSelector(detail, (s) => s.matches('closed'));
  const leaveGuard = useSelector(detail, selectLeaveGuard);
  const phone = useIsPhone();
  if (closed) return edits ? <EditsWatch edits={edits} guard={leaveGuard} kind={kind} /> : null;
  const close = () => selection.send({ type: 'selection.close' });
  const title = kind === 'orders' ? 'Order' : 'Tour';
  return (
    <Box
      as="aside"
      aria-label={kind === 'orders' ? 'Order details' : 'Tour details'}
      data-testid="side-panel"
      overflowY="auto"
      p="3"
      // on a phone a full-screen view over the list (below dialogs, menus and toasts)
      {...(phone ? PHONE_PANEL : SIDE_PANEL)}
    >
      {phone ? (
        <HStack gap="1" mb="2" ms="-2" position="sticky" top="0" bg="bg" zIndex="1">
          {/* the way back a phone user looks for: where the list was */}
          <IconButton
            aria-label="Back to list"
            variant="ghost"
            colorPalette="gray"
            minW="44px"
            h="44px"
            onClick={close}
            autoFocus
          >
            <BackIcon />
          </IconButton>
          <Text fontWeight="bold">{title}</Text>
        </HStack>
      ) : (
        <HStack justify="space-between" mb="2">
          <Text fontWeight="bold">{title}</Text>
          <CloseButton size="xs" aria-label="Close panel" onClick={close} />
        </HStack>
      )}
      {edits && <EditsWatch edits={edits} guard={leaveGuard} kind={kind} />}
      <PanelBody detail={detail} edits={edits} email={kind === 'orders' ? email : undefined} timezone={timezone} />
      {kind === 'orders' && emails && <OrderEmails emails={emails} timezone={timezone} />}
    </Box>
  );
}

const SIDE_PANEL = { width: '380px', flexShrink: 0, borderLeftWidth: '1px', borderColor: 'border' } as const;
const PHONE_PANEL = {
  position: 'fixed',
  inset: '0',
  zIndex: 'banner',
  bg: 'bg',
  pt: '0',
  // a link of its own line (manifest, map, phone) is a 44 px touch target
  css: { '& a[href]': { display: 'inline-flex', alignItems: 'center', minHeight: '44px' } },
} as const;

function BackIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="6" height="6" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </chakra.svg>
  );
}

/** The leave question (the panel's guard holds the way out while an edit is saved) and the undo/redo keys live as long as the panel. */
function EditsWatch({
  edits,
  guard,
  kind,
}: {
  edits: OrderEditsRef | TourEditsRef;
  guard: LeaveGuardActorRef | undefined;
  kind: ListKind;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      event.preventDefault();
      edits.send({ type: event.shiftKey ? 'history.redo' : 'history.undo' } as { type: 'history.undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [edits]);
  return <LeaveQuestion guard={guard} what={kind === 'orders' ? 'This order' : 'This tour'} />;
}

function PanelBody({
  detail,
  edits,
  email,
  timezone,
}: {
  detail: DetailRef;
  edits?: OrderEditsRef | TourEditsRef;
  email?: EmailSendActorRef;
  timezone: string;
}) {
  const record = useSelector(detail, (s) => s.context.record);
  const kind = useSelector(detail, (s) => s.context.kind);
  const loading = useSelector(detail, (s) => s.matches('loading'));
  const failed = useSelector(detail, (s) => s.matches('failed'));
  const error = useSelector(detail, (s) => s.context.error);
  const remover = useSelector(detail, selectRemover);
  const mayDelete = useSelector(remover, (s) => s?.context.allowed === true);
  const deleting = useSelector(remover, (s) => s?.hasTag('busy') === true);
  const canDelete = useSelector(detail, (s) => s.can({ type: 'detail.delete' }));
  const busy = useSelector(detail, (s) => s.hasTag('busy'));
  const canUnlinkOwn = useSelector(detail, (s) =>
    s.context.record ? s.can({ type: 'detail.unlink', orderId: s.context.record.id }) : false,
  );
  const snapshot = useSelector(detail, (s) => s);
  if (loading) return <Spinner size="sm" aria-label="Loading" />;
  if (failed) return <Text color="fg.error">The details could not be loaded.</Text>;
  if (!record) return null;
  const noun = kind === 'orders' ? 'order' : 'tour';
  return (
    <Stack gap="4">
      {'orders' in record ? (
        <TourFields
          tour={record}
          timezone={timezone}
          canUnlink={(orderId) => snapshot.can({ type: 'detail.unlink', orderId })}
          onUnlink={(orderId) => detail.send({ type: 'detail.unlink', orderId })}
        />
      ) : (
        <OrderFields order={record} timezone={timezone} detail={detail} />
      )}
      {edits && <Editor kind={kind} edits={edits} id={record.id} timezone={timezone} />}
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {email && <EmailMenu email={email} target="open" />}
        {kind === 'orders' && 'tour' in record && record.tour && (
          <Button
            size="xs"
            variant="outline"
            disabled={!canUnlinkOwn || busy}
            onClick={() => detail.send({ type: 'detail.unlink', orderId: record.id })}
          >
            Unlink from {record.tour.displayId}
          </Button>
        )}
        {mayDelete && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={!canDelete || busy || deleting}
            onClick={() => detail.send({ type: 'detail.delete' })}
          >
            Delete {noun}
          </Button>
        )}
      </HStack>
      <EventLog detail={detail} timezone={timezone} />
      {remover && <DeleteDialog remover={remover} />}
    </Stack>
  );
}
