import { assign, emit, sendParent, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { addAdGroupItems, setAdGroupItems } from '../../api/services/ads';
import { isLive, LINK_FAILED, moveId, type Ad, type AdGroup } from '../../domain/ads';
import type { NotifyEvent } from '../notify';
import {
  ITEMS_FAILED,
  type GroupItemsContext,
  type GroupItemsEvent,
  type GroupItemsInput,
  type GroupItemsReport,
} from './types';

/**
 * One advertisement group's items, in the order customers see them. Adding links an ad (the
 * server appends it); removing and moving send the whole new order. Each change is saved at once,
 * one at a time, and the list shows what the server answered; a failure changes nothing and says
 * so ('Failed to link advertisements to group' when linking, SPEC section 5). Only live ads are
 * added: an archived one is shown to nobody. A role that may not change groups sees the items only.
 */
const idsOf = (group: AdGroup) => group.items.map((i) => i.id);

export const groupItemsMachine = setup({
  types: {
    input: {} as GroupItemsInput,
    context: {} as GroupItemsContext,
    events: {} as GroupItemsEvent,
    emitted: {} as NotifyEvent,
    tags: {} as 'saving',
  },
  actors: { addItems: addAdGroupItems, setItems: setAdGroupItems },
  guards: {
    mayEdit: ({ context }) => can(context.role, 'addAdGroupItems') && can(context.role, 'setAdGroupItems'),
    addable: ({ context }, params: { adId: string }) =>
      !idsOf(context.group).includes(params.adId) && context.ads.some((a) => a.id === params.adId && isLive(a)),
    inGroup: ({ context }, params: { adId: string }) => idsOf(context.group).includes(params.adId),
    movable: ({ context }, params: { adId: string; delta: number }) => {
      const ids = idsOf(context.group);
      return moveId(ids, params.adId, params.delta) !== ids;
    },
  },
  actions: {
    holdAdding: assign((_, params: { adId: string }) => ({ adding: params.adId })),
    holdRemoval: assign(({ context }, params: { adId: string }) => ({
      pendingIds: idsOf(context.group).filter((id) => id !== params.adId),
    })),
    holdMove: assign(({ context }, params: { adId: string; delta: number }) => ({
      pendingIds: moveId(idsOf(context.group), params.adId, params.delta),
    })),
    setGroup: assign((_, params: { group: AdGroup }) => ({ group: params.group, pendingIds: [], adding: null })),
    dropPending: assign({ pendingIds: [], adding: null }),
    /** The ads as they are now; the group's items show their current title, image and tag. */
    setAds: assign(({ context }, params: { ads: Ad[] }) => ({
      ads: params.ads,
      group: {
        ...context.group,
        items: context.group.items.map((item) => params.ads.find((a) => a.id === item.id) ?? item),
      },
    })),
    report: sendParent(({ context }): GroupItemsReport => ({ type: 'items.changed', group: context.group })),
    notifyError: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: params.message,
    })),
  },
}).createMachine({
  id: 'groupItems',
  context: ({ input }) => ({ ...input, pendingIds: [], adding: null }),
  on: { 'items.ads': { actions: { type: 'setAds', params: ({ event }) => ({ ads: event.ads }) } } },
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'mayEdit', target: 'idle' }, { target: 'readOnly' }] },
    /** The role may see the items only. */
    readOnly: {},
    idle: {
      on: {
        'items.add': {
          guard: { type: 'addable', params: ({ event }) => ({ adId: event.adId }) },
          target: 'adding',
          actions: { type: 'holdAdding', params: ({ event }) => ({ adId: event.adId }) },
        },
        'items.remove': {
          guard: { type: 'inGroup', params: ({ event }) => ({ adId: event.adId }) },
          target: 'saving',
          actions: { type: 'holdRemoval', params: ({ event }) => ({ adId: event.adId }) },
        },
        'items.move': {
          guard: { type: 'movable', params: ({ event }) => ({ adId: event.adId, delta: event.delta }) },
          target: 'saving',
          actions: { type: 'holdMove', params: ({ event }) => ({ adId: event.adId, delta: event.delta }) },
        },
      },
    },
    adding: {
      tags: ['saving'],
      invoke: {
        id: 'addItems',
        src: 'addItems',
        input: ({ context }) => ({ teamId: context.teamId, id: context.group.id, advertisementIds: [context.adding!] }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'setGroup', params: ({ event }) => ({ group: event.output }) }, 'report'],
        },
        onError: {
          target: 'idle',
          actions: ['dropPending', { type: 'notifyError', params: { message: LINK_FAILED } }],
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'setItems',
        src: 'setItems',
        input: ({ context }) => ({
          teamId: context.teamId,
          id: context.group.id,
          advertisementIds: context.pendingIds,
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'setGroup', params: ({ event }) => ({ group: event.output }) }, 'report'],
        },
        onError: {
          target: 'idle',
          actions: ['dropPending', { type: 'notifyError', params: { message: ITEMS_FAILED } }],
        },
      },
    },
  },
});
