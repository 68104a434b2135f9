import type { ActorRefFrom } from 'xstate';
import type { exportMachine } from './export.machine';

export type ExportActorRef = ActorRefFrom<typeof exportMachine>;
