import type { DeletedRecord, RecordKind, RecordRef } from '../../api/services/deleted';
import type { Role } from '../../domain/statuses';
import type { CountsHandle } from '../nav-counts/types';

export type { DeletedRecord, RecordKind, RecordRef };

export interface DeletedRecordsInput {
  teamId: string;
  /** The person's role in the team: only editors and admins see and restore deleted records. */
  role: Role | null;
  /** The navigation totals (the session's): a restored order counts again. */
  navCounts: CountsHandle | null;
}

export interface DeletedRecordsContext {
  teamId: string;
  navCounts: CountsHandle | null;
  allowed: boolean;
  records: DeletedRecord[];
  /** The record being restored. */
  restoring: RecordRef | null;
}

export type DeletedRecordsEvent =
  /** From the view: the list failed; ask again. */
  | { type: 'deleted.retry' }
  | { type: 'deleted.restore'; id: string }
  /** From a "restored" toast's action: go to the record. */
  | { type: 'deleted.open'; kind: RecordKind; displayId: string };
