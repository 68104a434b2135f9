import type { ActorRef, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { detailMachine } from '../../machines/detail/detail.machine';
import type { OrderEditEvent, orderEditHistoryMachine } from '../../machines/order-edit-history/order-edit-history.machine';
import type { TourEditEvent, tourEditMachine } from '../../machines/tour-edit/tour-edit.machine';

export type DetailRef = ActorRefFrom<typeof detailMachine>;
export type OrderEditsRef = ActorRefFrom<typeof orderEditHistoryMachine>;
export type TourEditsRef = ActorRefFrom<typeof tourEditMachine>;
export type EditsRef = OrderEditsRef | TourEditsRef;

/** Either history as the shared editor reads it and talks to it (the kind says which events apply). */
export type EditsSnapshot = SnapshotFrom<typeof orderEditHistoryMachine> | SnapshotFrom<typeof tourEditMachine>;
export type EditsView = ActorRef<EditsSnapshot, OrderEditEvent | TourEditEvent>;
