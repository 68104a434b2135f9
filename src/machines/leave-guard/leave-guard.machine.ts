import { assign, sendParent, setup } from 'xstate';

/**
 * The way out of a screen that holds a draft. The screen's machine invokes it (id `leaveGuard`)
 * and reports, with `leave.unsaved`, whether anything typed is not saved yet; the router asks it
 * (`leave.request`) when the operator navigates away or closes what holds the draft, and it asks
 * the operator: stay (the draft is kept) or leave (the draft is discarded, which the screen hears as
 * `leave.discarded`: a form then closes). Nothing is asked while everything is saved. Once
 * discarded, nothing holds the way out any more.
 */
export type LeaveGuardEvent =
  /** The screen's report: its draft holds unsaved changes (or no longer does). */
  | { type: 'leave.unsaved'; unsaved: boolean }
  /** The operator is on the way out (a link, the back button, closing a dialog); `route`: the
   *  router holds a navigation, which goes on by itself once the draft is given up. */
  | { type: 'leave.request'; route?: boolean }
  /** Answers to the question. */
  | { type: 'leave.stay' }
  | { type: 'leave.discard' };

/** What the guard tells the screen that invoked it. */
export interface LeaveDiscarded {
  type: 'leave.discarded';
  /** The way out is the router's navigation, already under way (the screen must not navigate too). */
  route: boolean;
}

/** `unsaved`: leaving would lose typed work; `asking`: the question is open. */
export type LeaveGuardTag = 'unsaved' | 'asking';

export interface LeaveGuardContext {
  /** The screen's last report. */
  unsaved: boolean;
  /** The question was asked for the router's navigation. */
  route: boolean;
}

export const leaveGuardMachine = setup({
  types: {
    context: {} as LeaveGuardContext,
    events: {} as LeaveGuardEvent,
    tags: {} as LeaveGuardTag,
  },
  guards: {
    unsaved: ({ context }) => context.unsaved,
  },
  actions: {
    record: assign((_, params: { unsaved: boolean }) => ({ unsaved: params.unsaved })),
    askedBy: assign((_, params: { route: boolean }) => ({ route: params.route })),
    reportDiscarded: sendParent(({ context }): LeaveDiscarded => ({ type: 'leave.discarded', route: context.route })),
  },
}).createMachine({
  id: 'leaveGuard',
  context: { unsaved: false, route: false },
  on: {
    'leave.unsaved': { actions: { type: 'record', params: ({ event }) => ({ unsaved: event.unsaved }) } },
  },
  initial: 'open',
  states: {
    open: {
      initial: 'saved',
      // each report settles which of the two holds
      on: {
        'leave.unsaved': {
          target: '.settling',
          actions: { type: 'record', params: ({ event }) => ({ unsaved: event.unsaved }) },
        },
      },
      states: {
        settling: { always: [{ guard: 'unsaved', target: 'unsaved' }, { target: 'saved' }] },
        saved: {},
        unsaved: {
          tags: ['unsaved'],
          on: {
            'leave.request': {
              target: '#leaveGuard.asking',
              actions: { type: 'askedBy', params: ({ event }) => ({ route: event.route === true }) },
            },
          },
        },
      },
    },
    /** The question is open; a save landing meanwhile is recorded, and the answer decides. */
    asking: {
      tags: ['unsaved', 'asking'],
      on: {
        'leave.stay': '#leaveGuard.open.settling',
        'leave.discard': 'discarded',
      },
    },
    /** The draft is given up: the way out is free (the screen is going away). */
    discarded: { entry: 'reportDiscarded' },
  },
});
