import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { EmailSendActorRef } from '../email-send/selectors';
import type { OrderEmailsActorRef } from '../order-emails/selectors';
import type { workspaceMachine } from './workspace.machine';

/** Narrow reads of a workspace screen for its views (use with `useSelector`): its named children. */
export type WorkspaceActorRef = ActorRefFrom<typeof workspaceMachine>;
export type WorkspaceSnapshot = SnapshotFrom<typeof workspaceMachine>;

export const selectFilters = (s: WorkspaceSnapshot) => s.children.filters;
export const selectList = (s: WorkspaceSnapshot) => s.children.list;
export const selectSelection = (s: WorkspaceSnapshot) => s.children.selection;
export const selectBulkStatus = (s: WorkspaceSnapshot) => s.children.bulkStatus;
export const selectTourActions = (s: WorkspaceSnapshot) => s.children.tourActions;
export const selectDetail = (s: WorkspaceSnapshot) => s.children.detail;
export const selectEmailSend = (s: WorkspaceSnapshot) => s.children.emailSend as EmailSendActorRef | undefined;
export const selectOrderEmails = (s: WorkspaceSnapshot) => s.children.orderEmails as OrderEmailsActorRef | undefined;
export const selectExporter = (s: WorkspaceSnapshot) => s.children.exporter;
