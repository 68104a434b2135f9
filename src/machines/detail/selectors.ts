import type { ActorRef, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OrderEditEvent, orderEditHistoryMachine } from '../order-edit-history/order-edit-history.machine';
import type { TourEditEvent, tourEditMachine } from '../tour-edit/tour-edit.machine';
import type { recordDeleteMachine } from '../record-delete/record-delete.machine';
import type { contactCopyMachine } from '../contact-copy/contact-copy.machine';
import type { LeaveGuardActorRef } from '../leave-guard/selectors';
import type { detailMachine } from './detail.machine';

/** The side panel and its edit history as the panel's views read them. */
export type DetailRef = ActorRefFrom<typeof detailMachine>;
export type OrderEditsRef = ActorRefFrom<typeof orderEditHistoryMachine>;
export type TourEditsRef = ActorRefFrom<typeof tourEditMachine>;
export type EditsRef = OrderEditsRef | TourEditsRef;

/** Either history as the shared editor reads it and talks to it (the kind says which events apply). */
export type EditsSnapshot = SnapshotFrom<typeof orderEditHistoryMachine> | SnapshotFrom<typeof tourEditMachine>;
export type EditsView = ActorRef<EditsSnapshot, OrderEditEvent | TourEditEvent>;
export type RemoverRef = ActorRefFrom<typeof recordDeleteMachine>;

/** The panel's remover (delete with a confirmation, Undo): a child that lives as long as the panel machine. */
export const selectRemover = (s: SnapshotFrom<typeof detailMachine>) => s.children.remover as RemoverRef | undefined;

/** An order panel's copier (copy buttons of the customer's e-mail, phone, pick-up and notes). */
export type ContactCopyRef = ActorRefFrom<typeof contactCopyMachine>;
export const selectCopier = (s: SnapshotFrom<typeof detailMachine>) => s.children.copier as ContactCopyRef | undefined;
/** The panel's leave guard: held while an edit is being saved (the app's one leave question). */
export const selectLeaveGuard = (s: SnapshotFrom<typeof detailMachine>) =>
  s.children.leaveGuard as LeaveGuardActorRef | undefined;
