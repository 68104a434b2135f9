import type { ActorRefFrom } from 'xstate';
import type { guideSearchMachine, GuideSearchContext } from './guide-search.machine';

export type GuideSearchActorRef = ActorRefFrom<typeof guideSearchMachine>;
export type PickedGuide = GuideSearchContext['picked'];
