import { assign, emit, setup } from 'xstate';
import {
  createAdGroup,
  loadMarketing,
  updateAdGroupFrequency,
  type GroupAnswer,
  type Marketing,
} from '../../api/services/ads';
import { can } from '../../../shared/permissions';
import { groupTagged, INTERSTITIAL_TAG, liveItems, type AdFrequency, type AdGroup } from '../../domain/ads';
import { groupItemsMachine } from '../group-items/group-items.machine';
import type { NotifyEvent } from '../notify';
import {
  CREATE_FAILED,
  FREQUENCY_FAILED,
  FREQUENCY_SAVED,
  type InterstitialContext,
  type InterstitialEvent,
  type InterstitialInput,
} from './types';

/**
 * The interstitial screen: the team's group tagged `interstitial` (made here when there is none),
 * which ads in which order (its named child `groupItems`), how often the same customer sees it,
 * and the preview, stepping through the live ads as a customer would. A role that may not change
 * groups (the role matrix) sees it all and changes nothing: no set-up, the frequency in `readOnly`.
 */
export const interstitialMachine = setup({
  types: {
    input: {} as InterstitialInput,
    context: {} as InterstitialContext,
    events: {} as InterstitialEvent,
    emitted: {} as NotifyEvent,
    children: {} as { groupItems: 'groupItems' },
    tags: {} as 'loading' | 'creating' | 'savingFrequency',
  },
  actors: {
    load: loadMarketing,
    createGroup: createAdGroup,
    saveFrequency: updateAdGroupFrequency,
    groupItems: groupItemsMachine,
  },
  guards: {
    mayCreate: ({ context }) => can(context.role, 'createAdGroup'),
    mayUpdate: ({ context }) => can(context.role, 'updateAdGroup'),
    hasGroup: ({ context }) => context.group !== null,
    refused: (_, params: { answer: GroupAnswer }) => 'refused' in params.answer,
    otherFrequency: ({ context }, params: { frequency: AdFrequency }) => context.group?.frequency !== params.frequency,
    hasNext: ({ context }) => context.slide < liveItems(context.group).length - 1,
    hasPrev: ({ context }) => context.slide > 0,
    isSlide: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < liveItems(context.group).length,
  },
  actions: {
    setLoaded: assign((_, params: Marketing) => ({
      ads: params.ads,
      group: groupTagged(params.groups, INTERSTITIAL_TAG),
      slide: 0,
    })),
    /** The group as the server has it now; the preview stays on its ad, or the last one left. */
    setGroup: assign(({ context }, params: { group: AdGroup }) => ({
      group: params.group,
      slide: Math.max(0, Math.min(context.slide, liveItems(params.group).length - 1)),
    })),
    setCreated: assign((_, params: { answer: GroupAnswer }) => ({
      group: (params.answer as { group: AdGroup }).group,
      slide: 0,
    })),
    holdFrequency: assign((_, params: { frequency: AdFrequency }) => ({ frequency: params.frequency })),
    dropFrequency: assign({ frequency: null }),
    setSlide: assign((_, params: { index: number }) => ({ slide: params.index })),
    nextSlide: assign(({ context }) => ({ slide: context.slide + 1 })),
    prevSlide: assign(({ context }) => ({ slide: context.slide - 1 })),
    notify: emit((_, params: { kind: NotifyEvent['kind']; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'interstitial',
  context: ({ input }) => ({ ...input, ads: [], group: null, frequency: null, slide: 0 }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        // the service has logged it
        onError: 'failed',
      },
    },
    failed: { on: { 'interstitial.retry': 'loading' } },
    ready: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'hasGroup', target: 'configured' }, { target: 'missing' }] },
        missing: { on: { 'interstitial.create': { guard: 'mayCreate', target: 'creating' } } },
        creating: {
          tags: ['creating'],
          invoke: {
            id: 'createGroup',
            src: 'createGroup',
            input: ({ context }) => ({ teamId: context.teamId, tag: INTERSTITIAL_TAG }),
            onDone: [
              {
                // made meanwhile (another tab, another person): show that one
                guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
                target: '#interstitial.loading',
              },
              {
                target: 'configured',
                actions: { type: 'setCreated', params: ({ event }) => ({ answer: event.output }) },
              },
            ],
            onError: {
              target: 'missing',
              actions: { type: 'notify', params: { kind: 'error', message: CREATE_FAILED } },
            },
          },
        },
        configured: {
          type: 'parallel',
          invoke: {
            id: 'groupItems',
            src: 'groupItems',
            input: ({ context }) => ({
              teamId: context.teamId,
              group: context.group!,
              ads: context.ads,
              role: context.role,
            }),
            onError: '#interstitial.failed',
          },
          on: {
            'items.changed': { actions: { type: 'setGroup', params: ({ event }) => ({ group: event.group }) } },
            'preview.next': { guard: 'hasNext', actions: 'nextSlide' },
            'preview.prev': { guard: 'hasPrev', actions: 'prevSlide' },
            'preview.show': {
              guard: { type: 'isSlide', params: ({ event }) => ({ index: event.index }) },
              actions: { type: 'setSlide', params: ({ event }) => ({ index: event.index }) },
            },
          },
          states: {
            frequency: {
              initial: 'choosing',
              states: {
                choosing: { always: [{ guard: 'mayUpdate', target: 'idle' }, { target: 'readOnly' }] },
                readOnly: {},
                idle: {
                  on: {
                    'interstitial.frequency': {
                      guard: { type: 'otherFrequency', params: ({ event }) => ({ frequency: event.frequency }) },
                      target: 'saving',
                      actions: { type: 'holdFrequency', params: ({ event }) => ({ frequency: event.frequency }) },
                    },
                  },
                },
                saving: {
                  tags: ['savingFrequency'],
                  invoke: {
                    id: 'saveFrequency',
                    src: 'saveFrequency',
                    input: ({ context }) => ({
                      teamId: context.teamId,
                      id: context.group!.id,
                      frequency: context.frequency!,
                    }),
                    onDone: {
                      target: 'idle',
                      actions: [
                        { type: 'setGroup', params: ({ event }) => ({ group: event.output }) },
                        'dropFrequency',
                        { type: 'notify', params: { kind: 'success', message: FREQUENCY_SAVED } },
                      ],
                    },
                    onError: {
                      target: 'idle',
                      actions: [
                        'dropFrequency',
                        { type: 'notify', params: { kind: 'error', message: FREQUENCY_FAILED } },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
