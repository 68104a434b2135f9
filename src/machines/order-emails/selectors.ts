import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { orderEmailsMachine } from './order-emails.machine';

export type OrderEmailsActorRef = ActorRefFrom<typeof orderEmailsMachine>;
type OrderEmailsSnapshot = SnapshotFrom<typeof orderEmailsMachine>;

export const selectMessages = (s: OrderEmailsSnapshot) => s.context.messages;
export const selectOrderId = (s: OrderEmailsSnapshot) => s.context.orderId;
export const selectError = (s: OrderEmailsSnapshot) => s.context.error;
