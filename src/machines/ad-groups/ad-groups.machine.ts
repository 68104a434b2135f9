import { assign, emit, raise, sendParent, sendTo, setup, stateIn } from 'xstate';
import { can } from '../../../shared/permissions';
import { createAdGroup, deleteAdGroup, type GroupAnswer } from '../../api/services/ads';
import { groupTagOf, groupTagRefusal, type Ad, type AdGroup } from '../../domain/ads';
import { groupItemsMachine } from '../group-items/group-items.machine';
import type { NotifyEvent } from '../notify';
import {
  CREATE_FAILED,
  DELETE_FAILED,
  type AdGroupsContext,
  type AdGroupsEvent,
  type AdGroupsInput,
  type AdGroupsReport,
} from './types';

/**
 * The team's advertisement groups, in three regions:
 *
 *   create   a new group with the tag typed (blank: none); one `email` and one `interstitial`
 *            group per team, refused before asking; the new group opens
 *   open     the group being edited: its named child `groupItems` adds, removes and moves its ads
 *   remove   delete a group, asked first; its ads stay
 *
 * Every change of the groups is reported to the screen (`groups.changed`). A role that may not
 * create or delete groups (the role matrix) finds `create` and `remove` in `readOnly`; it may still
 * open a group to see its ads.
 */
export const adGroupsMachine = setup({
  types: {
    input: {} as AdGroupsInput,
    context: {} as AdGroupsContext,
    events: {} as AdGroupsEvent,
    emitted: {} as NotifyEvent,
    children: {} as { groupItems: 'groupItems' },
    tags: {} as 'creating' | 'deleting',
  },
  actors: { groupItems: groupItemsMachine, createGroup: createAdGroup, deleteGroup: deleteAdGroup },
  guards: {
    mayCreate: ({ context }) => can(context.role, 'createAdGroup'),
    mayDelete: ({ context }) => can(context.role, 'deleteAdGroup'),
    creatable: ({ context }) => groupTagRefusal(context.tagDraft, context.groups) === null,
    refused: (_, params: { answer: GroupAnswer }) => 'refused' in params.answer,
    known: ({ context }, params: { id: string }) => context.groups.some((g) => g.id === params.id),
    openAtStart: ({ context }) => context.groups.some((g) => g.id === context.openId),
    isOpen: ({ context }, params: { id: string }) => context.openId === params.id,
    editorOpen: stateIn({ open: 'open' }),
  },
  actions: {
    setTag: assign((_, params: { text: string }) => ({ tagDraft: params.text, createRefusal: null })),
    addGroup: assign(({ context }, params: { answer: GroupAnswer }) => {
      const { group } = params.answer as { group: AdGroup };
      return { groups: [...context.groups, group], tagDraft: '', createRefusal: null };
    }),
    openCreated: raise(({ context }) => ({ type: 'groups.open' as const, id: context.groups.at(-1)!.id })),
    setRefusal: assign((_, params: { answer: GroupAnswer }) => ({
      createRefusal: 'refused' in params.answer ? params.answer.refused : null,
    })),
    setOpen: assign((_, params: { id: string | null }) => ({ openId: params.id })),
    setGroup: assign(({ context }, params: { group: AdGroup }) => ({
      groups: context.groups.map((g) => (g.id === params.group.id ? params.group : g)),
    })),
    holdDelete: assign((_, params: { id: string }) => ({ deleteId: params.id })),
    dropDelete: assign({ deleteId: null }),
    removeDeleted: assign(({ context }) => ({
      groups: context.groups.filter((g) => g.id !== context.deleteId),
      deleteId: null,
    })),
    raiseGone: raise(({ context }) => ({ type: 'groups.gone' as const, id: context.deleteId! })),
    setAds: assign((_, params: { ads: Ad[] }) => ({ ads: params.ads })),
    forwardAds: sendTo('groupItems', (_, params: { ads: Ad[] }) => ({ type: 'items.ads' as const, ads: params.ads })),
    report: sendParent(({ context }): AdGroupsReport => ({ type: 'groups.changed', groups: context.groups })),
    notifyError: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: params.message,
    })),
  },
}).createMachine({
  id: 'adGroups',
  type: 'parallel',
  context: ({ input }) => ({ ...input, tagDraft: '', createRefusal: null, deleteId: null }),
  on: {
    // the team's ads as they are now, for the open editor too
    'groups.ads': [
      {
        guard: 'editorOpen',
        actions: [
          { type: 'setAds', params: ({ event }) => ({ ads: event.ads }) },
          { type: 'forwardAds', params: ({ event }) => ({ ads: event.ads }) },
        ],
      },
      { actions: { type: 'setAds', params: ({ event }) => ({ ads: event.ads }) } },
    ],
  },
  states: {
    create: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'mayCreate', target: 'idle' }, { target: 'readOnly' }] },
        readOnly: {},
        idle: {
          on: {
            'groups.tag': { actions: { type: 'setTag', params: ({ event }) => ({ text: event.text }) } },
            'groups.create': { guard: 'creatable', target: 'saving' },
          },
        },
        saving: {
          tags: ['creating'],
          invoke: {
            id: 'createGroup',
            src: 'createGroup',
            input: ({ context }) => ({ teamId: context.teamId, tag: groupTagOf(context.tagDraft) }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                actions: { type: 'setRefusal', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                target: 'idle',
                actions: [
                  { type: 'addGroup', params: ({ event }) => ({ answer: event.output }) },
                  'report',
                  'openCreated',
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'notifyError', params: { message: CREATE_FAILED } } },
          },
        },
      },
    },
    open: {
      initial: 'closed',
      on: {
        'groups.open': {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          // a new editor for the group (the same one again starts over with what the server sent)
          target: '.open',
          reenter: true,
          actions: { type: 'setOpen', params: ({ event }) => ({ id: event.id }) },
        },
      },
      states: {
        closed: { always: { guard: 'openAtStart', target: 'open' } },
        open: {
          invoke: {
            id: 'groupItems',
            src: 'groupItems',
            input: ({ context }) => ({
              teamId: context.teamId,
              group: context.groups.find((g) => g.id === context.openId)!,
              ads: context.ads,
              role: context.role,
            }),
            onError: { target: 'closed', actions: { type: 'setOpen', params: { id: null } } },
          },
          on: {
            'items.changed': {
              actions: [{ type: 'setGroup', params: ({ event }) => ({ group: event.group }) }, 'report'],
            },
            'groups.close': { target: 'closed', actions: { type: 'setOpen', params: { id: null } } },
            'groups.gone': {
              guard: { type: 'isOpen', params: ({ event }) => ({ id: event.id }) },
              target: 'closed',
              actions: { type: 'setOpen', params: { id: null } },
            },
          },
        },
      },
    },
    remove: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'mayDelete', target: 'idle' }, { target: 'readOnly' }] },
        readOnly: {},
        idle: {
          on: {
            'groups.delete': {
              guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: { type: 'holdDelete', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        confirming: {
          on: {
            'groups.deleteConfirm': 'deleting',
            'groups.deleteCancel': { target: 'idle', actions: 'dropDelete' },
          },
        },
        deleting: {
          tags: ['deleting'],
          invoke: {
            id: 'deleteGroup',
            src: 'deleteGroup',
            input: ({ context }) => ({ teamId: context.teamId, id: context.deleteId! }),
            onDone: { target: 'idle', actions: ['raiseGone', 'removeDeleted', 'report'] },
            onError: {
              target: 'idle',
              actions: ['dropDelete', { type: 'notifyError', params: { message: DELETE_FAILED } }],
            },
          },
        },
      },
    },
  },
});
