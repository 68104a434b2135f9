import type { ActorRefFrom } from 'xstate';
import type { detailMachine } from '../../machines/detail.machine';
import type { orderEditHistoryMachine } from '../../machines/order-edit-history.machine';
import type { tourEditMachine } from '../../machines/tour-edit.machine';

export type DetailRef = ActorRefFrom<typeof detailMachine>;
export type OrderEditsRef = ActorRefFrom<typeof orderEditHistoryMachine>;
export type TourEditsRef = ActorRefFrom<typeof tourEditMachine>;
export type EditsRef = OrderEditsRef | TourEditsRef;
