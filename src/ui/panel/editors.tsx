import { Button, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { EditChange } from '../../domain/edits';
import { invalidMessage } from '../../domain/invalid-edits';
import { totalQuestionText } from '../../domain/total-check';
import { EditFields } from './edit-fields';
import type { OrderEditEvent } from '../../machines/order-edit-history/order-edit-history.machine';
import type { ListKind } from '../../machines/list/types';
import type { TourEditEvent } from '../../machines/tour-edit/tour-edit.machine';
import type { EditsRef, EditsSnapshot, EditsView } from '../../machines/detail/selectors';

interface EditorProps {
  /** Which history `edits` is: the detail machine invokes the one of its kind. */
  kind: ListKind;
  edits: EditsRef;
  id: string;
  timezone: string;
}

/** How each record's history takes an edit, and whether it can redo (orders) or only undo (tours). */
const EDITS = {
  orders: { noun: 'order', redo: true, edit: (id, change) => ({ type: 'order.edit', id, change }) },
  tours: { noun: 'tour', redo: false, edit: (id, change) => ({ type: 'tour.edit', changes: [{ id, change }] }) },
} as const satisfies Record<
  ListKind,
  { noun: 'order' | 'tour'; redo: boolean; edit: (id: string, change: EditChange) => OrderEditEvent | TourEditEvent }
>;

/** The record's edit fields with Undo (and Redo for orders), enabled by what its history allows. */
export function Editor({ kind, edits: ref, id, timezone }: EditorProps) {
  const edits = ref as EditsView;
  const { noun, redo, edit } = EDITS[kind];
  const record = useSelector(edits, (s: EditsSnapshot) => s.context.records[id]);
  const conflict = useSelector(edits, (s: EditsSnapshot) =>
    s.context.conflict?.id === id ? s.context.conflict : null,
  );
  const canUndo = useSelector(edits, (s: EditsSnapshot) => s.can({ type: 'history.undo' }));
  const canRedo = useSelector(edits, (s: EditsSnapshot) => redo && s.can({ type: 'history.redo' } as never));
  const canReapply = useSelector(edits, (s: EditsSnapshot) => s.can({ type: 'conflict.reapply' }));
  const invalid = useSelector(edits, (s: EditsSnapshot) => s.context.invalid);
  const saving = useSelector(edits, (s: EditsSnapshot) => s.hasTag('saving'));
  const elsewhere = useSelector(edits, (s: EditsSnapshot) =>
    'elsewhere' in s.context && s.context.elsewhere?.id === id ? s.context.elsewhere : null,
  );
  const totalCheck = useSelector(edits, (s: EditsSnapshot) =>
    'totalCheck' in s.context && s.context.totalCheck?.id === id ? s.context.totalCheck : null,
  );
  const focusing = kind === 'orders';
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
        {redo && (
          <Button size="xs" variant="outline" disabled={!canRedo} onClick={() => edits.send({ type: 'history.redo' })}>
            Redo
          </Button>
        )}
      </HStack>
      <EditFields
        noun={noun}
        record={record}
        timezone={timezone}
        conflict={conflict}
        canReapply={canReapply}
        invalid={(field) => invalidMessage(invalid, id, field)}
        note={(field) => (elsewhere?.field === field ? elsewhere.message : null)}
        onFocusField={focusing ? (field) => edits.send({ type: 'edit.focus', id, field }) : undefined}
        onBlurField={focusing ? (field) => edits.send({ type: 'edit.blur', id, field }) : undefined}
        onChange={(change) => edits.send(edit(id, change))}
        onDiscard={(field) => edits.send({ type: 'edit.discard', id, field })}
        onReapply={() => edits.send({ type: 'conflict.reapply' })}
        onDismiss={() => edits.send({ type: 'conflict.dismiss' })}
        totalAsk={totalCheck && totalQuestionText(totalCheck)}
        onUpdateTotal={() => edits.send({ type: 'total.update' })}
        onKeepTotal={() => edits.send({ type: 'total.keep' })}
      />
    </>
  );
}
