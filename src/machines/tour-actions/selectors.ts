import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { tourActionsMachine } from './tour-actions.machine';

export type TourActionsActorRef = ActorRefFrom<typeof tourActionsMachine>;
type TourActionsSnapshot = SnapshotFrom<typeof tourActionsMachine>;

export const selectCanCreate = (s: TourActionsSnapshot) => s.can({ type: 'tours.create' });
export const selectCanLink = (s: TourActionsSnapshot) => s.can({ type: 'tours.link' });
export const selectCreateTourDialog = (s: TourActionsSnapshot) => s.children.createTourDialog;
export const selectLinkTourDialog = (s: TourActionsSnapshot) => s.children.linkTourDialog;
