import { assign, sendTo, setup } from 'xstate';
import { listMailVariables, type MailVariables } from '../../api/services/products';
import { mailContentMachine } from '../mail-content/mail-content.machine';
import { productListMachine } from '../product-list/product-list.machine';
import { productScheduleMachine } from '../product-schedule/product-schedule.machine';
import { leaveGuardMachine } from '../leave-guard/leave-guard.machine';
import type { Product, ProductsContext, ProductsEvent, ProductsInput, ProductSection } from './types';

/**
 * The products screen. Its named children:
 *
 *   productList       the team's products, page by page
 *   mailContent       the chosen product's mail content per OTA (reports mail.dirty)
 *   productSchedule   the chosen product's schedule for the channel (reports schedule.dirty)
 *   leaveGuard        asks before the operator leaves the screen while either editor is unsaved
 *
 * The screen holds the choice: choosing another product starts new editors, after asking when
 * either open one has unsaved changes. Which editor shows (`section`) changes nothing else: both
 * keep their drafts. It also loads, once, the variables a template may name.
 */
export const productsMachine = setup({
  types: {
    context: {} as ProductsContext,
    events: {} as ProductsEvent,
    input: {} as ProductsInput,
    children: {} as {
      productList: 'productList';
      mailContent: 'mailContent';
      productSchedule: 'productSchedule';
      leaveGuard: 'leaveGuard';
    },
    tags: {} as 'variablesLoading',
  },
  actors: {
    productList: productListMachine,
    mailContent: mailContentMachine,
    productSchedule: productScheduleMachine,
    loadVariables: listMailVariables,
    leaveGuard: leaveGuardMachine,
  },
  guards: {
    isChosen: ({ context }, params: { product: Product }) => context.chosen?.id === params.product.id,
    dirty: ({ context }) => context.dirty || context.scheduleDirty,
  },
  actions: {
    choose: assign((_, params: { product: Product }) => ({
      chosen: params.product,
      pending: null,
      dirty: false,
      scheduleDirty: false,
    })),
    holdPending: assign((_, params: { product: Product }) => ({ pending: params.product })),
    choosePending: assign(({ context }) => ({
      chosen: context.pending,
      pending: null,
      dirty: false,
      scheduleDirty: false,
    })),
    dropPending: assign({ pending: null }),
    /** The leave guard learns whether leaving now would lose either editor's draft. */
    reportUnsaved: sendTo('leaveGuard', ({ context }) => ({
      type: 'leave.unsaved' as const,
      unsaved: context.dirty || context.scheduleDirty,
    })),
    setDirty: assign((_, params: { dirty: boolean }) => ({ dirty: params.dirty })),
    setScheduleDirty: assign((_, params: { dirty: boolean }) => ({ scheduleDirty: params.dirty })),
    setSection: assign((_, params: { section: ProductSection }) => ({ section: params.section })),
    /** A product's mail content is the template of one e-mail type: only its variables apply. */
    setVariables: assign((_, params: MailVariables) => ({
      variables: params.variables.filter((v) => v.emailTypes.includes(params.productContentType)),
    })),
    logError: (_, params: { error: unknown }) => {
      console.error('[products]', params.error);
    },
  },
}).createMachine({
  id: 'products',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    currency: input.currency ?? 'USD',
    chosen: null,
    pending: null,
    dirty: false,
    scheduleDirty: false,
    section: 'mail',
    variables: [],
  }),
  invoke: [
    {
      id: 'productList',
      src: 'productList',
      input: ({ context }) => ({ teamId: context.teamId }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'leaveGuard',
      src: 'leaveGuard',
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
  ],
  states: {
    variables: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['variablesLoading'],
          invoke: {
            id: 'loadVariables',
            src: 'loadVariables',
            onDone: { target: 'ready', actions: { type: 'setVariables', params: ({ event }) => event.output } },
            // the service has logged it
            onError: 'failed',
          },
        },
        failed: { on: { 'variables.retry': 'loading' } },
        ready: {},
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'product.choose': {
              target: 'open',
              actions: { type: 'choose', params: ({ event }) => ({ product: event.product }) },
            },
          },
        },
        open: {
          invoke: [
            {
              id: 'mailContent',
              src: 'mailContent',
              input: ({ context }) => ({ teamId: context.teamId, productId: context.chosen!.id, role: context.role }),
              onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
            },
            {
              id: 'productSchedule',
              src: 'productSchedule',
              input: ({ context }) => ({
                teamId: context.teamId,
                productId: context.chosen!.id,
                role: context.role,
                currency: context.currency,
              }),
              onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
            },
          ],
          on: {
            'mail.dirty': {
              actions: [{ type: 'setDirty', params: ({ event }) => ({ dirty: event.dirty }) }, 'reportUnsaved'],
            },
            'schedule.dirty': {
              actions: [{ type: 'setScheduleDirty', params: ({ event }) => ({ dirty: event.dirty }) }, 'reportUnsaved'],
            },
            'product.section': {
              actions: { type: 'setSection', params: ({ event }) => ({ section: event.section }) },
            },
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'product.choose': [
                  { guard: { type: 'isChosen', params: ({ event }) => ({ product: event.product }) } },
                  {
                    guard: 'dirty',
                    target: 'confirmingSwitch',
                    actions: { type: 'holdPending', params: ({ event }) => ({ product: event.product }) },
                  },
                  {
                    // a new editor for the other product
                    target: '#products.editor.open',
                    reenter: true,
                    actions: { type: 'choose', params: ({ event }) => ({ product: event.product }) },
                  },
                ],
              },
            },
            confirmingSwitch: {
              on: {
                'product.discard': {
                  target: '#products.editor.open',
                  reenter: true,
                  actions: ['choosePending', 'reportUnsaved'],
                },
                'product.keep': { target: 'editing', actions: 'dropPending' },
              },
            },
          },
        },
      },
    },
  },
});
