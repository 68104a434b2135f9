import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { differenceWarning } from '../../domain/create-tour-form';
import type { createTourMachine } from './create-tour.machine';

export type CreateTourRef = ActorRefFrom<typeof createTourMachine>;
type CreateTourSnapshot = SnapshotFrom<typeof createTourMachine>;

export const selectOrderCount = (s: CreateTourSnapshot) => s.context.orderIds.length;
export const selectSummary = (s: CreateTourSnapshot) => s.context.summary;
/** What differs between the selected orders, said before the tour is created; null when nothing does. */
export const selectWarning = (s: CreateTourSnapshot) => differenceWarning(s.context.summary);
export const selectProductId = (s: CreateTourSnapshot) => s.context.productId;
export const selectCanSubmit = (s: CreateTourSnapshot) => s.can({ type: 'create.submit' });
export const selectBusy = (s: CreateTourSnapshot) => s.hasTag('busy');
