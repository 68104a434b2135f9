import type { ActorRefFrom } from 'xstate';
import type { globalDialogsMachine } from './global-dialogs.machine';

export type GlobalDialogsActorRef = ActorRefFrom<typeof globalDialogsMachine>;
