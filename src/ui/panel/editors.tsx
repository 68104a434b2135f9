import { Button, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { EditFields } from './edit-fields';
import type { OrderEditsRef, TourEditsRef } from './panel-types';

/** The order's edit fields with Undo/Redo, enabled by what the history allows. */
export function OrderEditor({ edits, id, timezone }: { edits: OrderEditsRef; id: string; timezone: string }) {
  const record = useSelector(edits, (s) => s.context.records[id]);
  const conflict = useSelector(edits, (s) => (s.context.conflict?.id === id ? s.context.conflict : null));
  const canUndo = useSelector(edits, (s) => s.can({ type: 'history.undo' }));
  const canRedo = useSelector(edits, (s) => s.can({ type: 'history.redo' }));
  const canReapply = useSelector(edits, (s) => s.can({ type: 'conflict.reapply' }));
  const saving = useSelector(edits, (s) => s.hasTag('saving'));
  if (!record) return null;
  return (
    <>
      <HStack gap="2">
        <Text fontWeight="bold" flex="1">
          Edit
        </Text>
        {saving && (
          <Text fontSize="xs" color="fg.muted" data-testid="saving">
            Saving…
          </Text>
        )}
        <Button size="xs" variant="outline" disabled={!canUndo} onClick={() => edits.send({ type: 'history.undo' })}>
          Undo
        </Button>
        <Button size="xs" variant="outline" disabled={!canRedo} onClick={() => edits.send({ type: 'history.redo' })}>
          Redo
        </Button>
      </HStack>
      <EditFields
        noun="order"
        record={record}
        timezone={timezone}
        conflict={conflict}
        canReapply={canReapply}
        onChange={(change) => edits.send({ type: 'order.edit', id, change })}
        onReapply={() => edits.send({ type: 'conflict.reapply' })}
        onDismiss={() => edits.send({ type: 'conflict.dismiss' })}
      />
    </>
  );
}

/** The tour's edit fields with Undo of the last saved change. */
export function TourEditor({ edits, id, timezone }: { edits: TourEditsRef; id: string; timezone: string }) {
  const record = useSelector(edits, (s) => s.context.records[id]);
  const conflict = useSelector(edits, (s) => (s.context.conflict?.id === id ? s.context.conflict : null));
  const canUndo = useSelector(edits, (s) => s.can({ type: 'history.undo' }));
  const canReapply = useSelector(edits, (s) => s.can({ type: 'conflict.reapply' }));
  const saving = useSelector(edits, (s) => s.hasTag('saving'));
  if (!record) return null;
  return (
    <>
      <HStack gap="2">
        <Text fontWeight="bold" flex="1">
          Edit
        </Text>
        {saving && (
          <Text fontSize="xs" color="fg.muted" data-testid="saving">
            Saving…
          </Text>
        )}
        <Button size="xs" variant="outline" disabled={!canUndo} onClick={() => edits.send({ type: 'history.undo' })}>
          Undo
        </Button>
      </HStack>
      <EditFields
        noun="tour"
        record={record}
        timezone={timezone}
        conflict={conflict}
        canReapply={canReapply}
        onChange={(change) => edits.send({ type: 'tour.edit', changes: [{ id, change }] })}
        onReapply={() => edits.send({ type: 'conflict.reapply' })}
        onDismiss={() => edits.send({ type: 'conflict.dismiss' })}
      />
    </>
  );
}
