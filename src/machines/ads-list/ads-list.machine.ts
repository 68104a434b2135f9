import { assign, emit, sendTo, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { loadMarketing, moveAd, type Marketing } from '../../api/services/ads';
import { AD_TAG_LABELS, adsListSearch, type Ad, type AdGroup, type AdTag } from '../../domain/ads';
import { adEditorMachine } from '../ad-editor/ad-editor.machine';
import { adGroupsMachine } from '../ad-groups/ad-groups.machine';
import type { NotifyEvent } from '../notify';
import { MOVE_FAILED, type AdsListContext, type AdsListEvent, type AdsListInput } from './types';

/**
 * The ads list screen. It loads the team's ads and groups, then runs its named children:
 *
 *   adGroups   the groups (create, open one to add, move and remove its ads, delete)
 *   adEditor   the form of the ad being created or edited, while it is open
 *
 * and routes between them: an ad saved or moved to another tag is told to the groups (their items
 * show it as it is now); the groups' changes come back (`groups.changed`). The tag filter is the
 * URL's (`navigate`, provided by the page, writes it). A role that may not change ads (the role
 * matrix) finds the editor and the moves in `readOnly`.
 */
export const adsListMachine = setup({
  types: {
    input: {} as AdsListInput,
    context: {} as AdsListContext,
    events: {} as AdsListEvent,
    emitted: {} as NotifyEvent,
    children: {} as { adGroups: 'adGroups'; adEditor: 'adEditor' },
    tags: {} as 'loading' | 'moving',
  },
  actors: { load: loadMarketing, adGroups: adGroupsMachine, adEditor: adEditorMachine, moveAd },
  guards: {
    mayEdit: ({ context }) => can(context.role, 'createAd') && can(context.role, 'updateAd'),
    mayMove: ({ context }) => can(context.role, 'updateAd'),
    known: ({ context }, params: { id: string }) => context.ads.some((a) => a.id === params.id),
    movable: ({ context }, params: { id: string; tag: AdTag }) =>
      context.ads.some((a) => a.id === params.id && a.tag !== params.tag),
  },
  actions: {
    setLoaded: assign((_, params: Marketing) => ({ ads: params.ads, groups: params.groups })),
    setFilter: assign((_, params: { tag: AdTag | null }) => ({ tag: params.tag })),
    /** Provided by the page: its router writes the filter into the URL. */
    navigate: (_, params: { search: string }) => {
      console.error(`[adsList] navigate(${params.search}) was not provided`);
    },
    setEditing: assign(({ context }, params: { id: string | null }) => ({
      editing: context.ads.find((a) => a.id === params.id) ?? null,
    })),
    upsertAd: assign(({ context }, params: { ad: Ad }) => ({
      ads: context.ads.some((a) => a.id === params.ad.id)
        ? context.ads.map((a) => (a.id === params.ad.id ? params.ad : a))
        : [...context.ads, params.ad],
    })),
    holdMove: assign((_, params: { id: string; tag: AdTag }) => ({ move: params })),
    dropMove: assign({ move: null }),
    setGroups: assign((_, params: { groups: AdGroup[] }) => ({ groups: params.groups })),
    shareAds: sendTo('adGroups', ({ context }) => ({ type: 'groups.ads' as const, ads: context.ads })),
    notify: emit((_, params: { kind: NotifyEvent['kind']; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'adsList',
  context: ({ input }) => ({ ...input, ads: [], groups: [], editing: null, move: null }),
  initial: 'loading',
  on: {
    'ads.filter': {
      actions: [
        { type: 'setFilter', params: ({ event }) => ({ tag: event.tag }) },
        { type: 'navigate', params: ({ event }) => ({ search: adsListSearch(event.tag) }) },
      ],
    },
  },
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
    failed: { on: { 'ads.retry': 'loading' } },
    ready: {
      type: 'parallel',
      invoke: {
        id: 'adGroups',
        src: 'adGroups',
        input: ({ context }) => ({
          teamId: context.teamId,
          groups: context.groups,
          ads: context.ads,
          openId: context.groupId,
          role: context.role,
        }),
        onError: 'failed',
      },
      on: { 'groups.changed': { actions: { type: 'setGroups', params: ({ event }) => ({ groups: event.groups }) } } },
      states: {
        editor: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'mayEdit', target: 'closed' }, { target: 'readOnly' }] },
            readOnly: {},
            closed: {
              on: {
                'ad.create': { target: 'open', actions: { type: 'setEditing', params: { id: null } } },
                'ad.edit': {
                  guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
                  target: 'open',
                  actions: { type: 'setEditing', params: ({ event }) => ({ id: event.id }) },
                },
              },
            },
            open: {
              invoke: {
                id: 'adEditor',
                src: 'adEditor',
                input: ({ context }) => ({ teamId: context.teamId, ad: context.editing }),
                onError: 'closed',
              },
              on: {
                'editor.saved': {
                  target: 'closed',
                  actions: [
                    { type: 'upsertAd', params: ({ event }) => ({ ad: event.ad }) },
                    'shareAds',
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'success',
                        message: event.created ? 'Advertisement created' : 'Advertisement saved',
                      }),
                    },
                  ],
                },
                'editor.closed': 'closed',
              },
            },
          },
        },
        moves: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'mayMove', target: 'idle' }, { target: 'readOnly' }] },
            readOnly: {},
            idle: {
              on: {
                'ad.move': {
                  guard: { type: 'movable', params: ({ event }) => ({ id: event.id, tag: event.tag }) },
                  target: 'moving',
                  actions: { type: 'holdMove', params: ({ event }) => ({ id: event.id, tag: event.tag }) },
                },
              },
            },
            moving: {
              tags: ['moving'],
              invoke: {
                id: 'moveAd',
                src: 'moveAd',
                input: ({ context }) => ({ teamId: context.teamId, ...context.move! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'upsertAd', params: ({ event }) => ({ ad: event.output }) },
                    'dropMove',
                    'shareAds',
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'success',
                        message: `“${event.output.title}” moved to ${AD_TAG_LABELS[event.output.tag]}`,
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: ['dropMove', { type: 'notify', params: { kind: 'error', message: MOVE_FAILED } }],
                },
              },
            },
          },
        },
      },
    },
  },
});
