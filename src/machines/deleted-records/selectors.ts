import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { deletedRecordsMachine } from './deleted-records.machine';

/** Narrow reads of the Recently deleted screen for its views (use with `useSelector`). */
export type DeletedRecordsActorRef = ActorRefFrom<typeof deletedRecordsMachine>;
export type DeletedRecordsSnapshot = SnapshotFrom<typeof deletedRecordsMachine>;

export const selectRecords = (s: DeletedRecordsSnapshot) => s.context.records;
export const selectLoading = (s: DeletedRecordsSnapshot) => s.hasTag('loading');
export const selectFailed = (s: DeletedRecordsSnapshot) => s.matches('failed');
export const selectForbidden = (s: DeletedRecordsSnapshot) => s.matches('forbidden');
export const selectEmpty = (s: DeletedRecordsSnapshot) => s.matches('ready') && s.context.records.length === 0;
/** The id being restored (its row's button shows it), or null. */
export const selectRestoringId = (s: DeletedRecordsSnapshot) => s.context.restoring?.id ?? null;
export const selectCanRestore = (s: DeletedRecordsSnapshot, id: string) => s.can({ type: 'deleted.restore', id });
