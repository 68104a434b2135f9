import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  selectCanDiscard,
  selectCanSave,
  selectCanStart,
  selectCanStop,
  selectDraft,
  selectErrorCount,
  selectError,
  selectReadOnly,
  selectSaving,
  selectSoldNow,
  selectView,
  type ProductScheduleActorRef,
} from '../../machines/product-schedule/selectors';
import { PageFailed, PageLoading } from '../settings/page-state';
import { ScheduleOptions } from './schedule-options';
import { ScheduleWhen } from './schedule-when';

/** What a reseller needs to sell the product through the channel, as its schedule editor holds it. */
export function ScheduleEditor({ editor, productName }: { editor: ProductScheduleActorRef; productName: string }) {
  const view = useSelector(editor, selectView);
  const error = useSelector(editor, selectError);
  return (
    <Stack gap="4" minW="0" data-testid="schedule-editor">
      <Heading as="h2" size="lg">
        {productName}: schedule
      </Heading>
      {view === 'loading' && <PageLoading testId="schedule-loading" label="Loading the schedule…" />}
      {view === 'failed' && (
        <PageFailed
          testId="schedule-failed"
          message={error ?? ''}
          onRetry={() => editor.send({ type: 'schedule.retry' })}
        />
      )}
      {view === 'ready' && <ScheduleForm editor={editor} />}
    </Stack>
  );
}

function ScheduleForm({ editor }: { editor: ProductScheduleActorRef }) {
  const draft = useSelector(editor, selectDraft);
  const readOnly = useSelector(editor, selectReadOnly);
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="6"
      minW="0"
      aria-label="Schedule"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        editor.send({ type: 'schedule.save' });
      }}
    >
      {readOnly && (
        <Text fontSize="sm" color="fg.muted" data-testid="schedule-read-only">
          Only editors and admins of the team can change the schedule.
        </Text>
      )}
      {draft ? (
        <>
          <ScheduleWhen editor={editor} draft={draft} />
          <ScheduleOptions editor={editor} draft={draft} />
        </>
      ) : (
        <NotSold editor={editor} />
      )}
      {!readOnly && <Actions editor={editor} />}
    </chakra.form>
  );
}

/** A product without a schedule: resellers cannot book it. */
function NotSold({ editor }: { editor: ProductScheduleActorRef }) {
  const canStart = useSelector(editor, selectCanStart);
  const soldNow = useSelector(editor, selectSoldNow);
  return (
    <Stack gap="2" align="flex-start" data-testid="schedule-not-sold">
      <Text fontWeight="bold">Not sold through the channel</Text>
      <Text color="fg.muted">
        {soldNow
          ? 'Save to stop selling it: resellers will no longer see it nor book it.'
          : 'Resellers connected with a channel key do not see this product and cannot book it.'}
      </Text>
      {canStart && (
        <Button size="sm" variant="outline" onClick={() => editor.send({ type: 'schedule.start' })}>
          Sell it through the channel
        </Button>
      )}
    </Stack>
  );
}

function Actions({ editor }: { editor: ProductScheduleActorRef }) {
  const canSave = useSelector(editor, selectCanSave);
  const canDiscard = useSelector(editor, selectCanDiscard);
  const canStop = useSelector(editor, selectCanStop);
  const saving = useSelector(editor, selectSaving);
  const errors = useSelector(editor, selectErrorCount);
  return (
    <Stack gap="2">
      <Box aria-live="polite" data-testid="schedule-error-count">
        {errors > 0 && (
          <Text color="red.700" fontSize="sm">
            {errors === 1 ? 'One field needs a change' : `${errors} fields need a change`} before the schedule can be
            saved.
          </Text>
        )}
      </Box>
      <HStack gap="2" flexWrap="wrap">
        <Button type="submit" disabled={!canSave} loading={saving}>
          Save schedule
        </Button>
        <Button variant="outline" disabled={!canDiscard} onClick={() => editor.send({ type: 'schedule.discard' })}>
          Discard changes
        </Button>
        {canStop && (
          <Button variant="ghost" colorPalette="red" onClick={() => editor.send({ type: 'schedule.stop' })}>
            Stop selling through the channel
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
