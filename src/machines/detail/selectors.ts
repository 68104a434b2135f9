import type { ActorRef, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OrderEditEvent, orderEditHistoryMachine } from '../order-edit-history/order-edit-history.machine';
import type { TourEditEvent, tourEditMachine } from '../tour-edit/tour-edit.machine';
import type { detailMachine } from './detail.machine';

/** The side panel and its edit history as the panel's views read them. */
export type DetailRef = ActorRefFrom<typeof detailMachine>;
export type OrderEditsRef = ActorRefFrom<typeof orderEditHistoryMachine>;
export type TourEditsRef = ActorRefFrom<typeof tourEditMachine>;
export type EditsRef = OrderEditsRef | TourEditsRef;

/** Either history as the shared editor reads it and talks to it (the kind says which events apply). */
export type EditsSnapshot = SnapshotFrom<typeof orderEditHistoryMachine> | SnapshotFrom<typeof tourEditMachine>;
export type EditsView = ActorRef<EditsSnapshot, OrderEditEvent | TourEditEvent>;
