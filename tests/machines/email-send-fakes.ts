import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  EmailPreview,
  EmailRequest,
  EmailSendResult,
  Guide,
  GuideQuery,
  PreviewRequest,
} from '../../src/api/services/emails';
import type { FeatureFlagRecord } from '../../src/api/services/features';
import type { EmailKind } from '../../src/domain/email-recipients';
import { emailPreviewMachine } from '../../src/machines/email-preview/email-preview.machine';
import { emailSendMachine } from '../../src/machines/email-send/email-send.machine';
import { guideSearchMachine } from '../../src/machines/guide-search/guide-search.machine';
import type { Order } from '../../src/machines/list/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { deferredServices } from './panel-fakes';
import { orderRecord, underParent } from './shared-fakes';

/** Test doubles for the e-mail machine: a Cambodian team's orders, its flags, a guide, a harness. */
export const INPUT = { teamId: 'team-kh', countryCode: 'KH', timezone: 'Asia/Phnom_Penh' };

const order = (id: string, over: Partial<Order> = {}): Order =>
  orderRecord({
    id,
    displayId: `KH-${id}`,
    departureAt: '2036-03-10T01:00:00.000Z',
    customer: { name: `Guest ${id}`, email: `${id}@example.test`, phone: null },
    ...over,
  });

/** a: reachable; b: no address; c: canceled; d: confirmation and review already sent; e: departed. */
const ORDERS = {
  a: order('a'),
  b: order('b', { customer: { name: 'Guest b', email: '', phone: null } }),
  c: order('c', { statusV2: 'canceled' }),
  d: order('d', { emailCheckpoints: { confirmation: true, info: false, review: true, marketing: false } }),
  e: order('e', { departureAt: '2025-01-10T01:00:00.000Z' }),
};
/** The screen's selection, and the canceled order open in its side panel. */
export const SELECTED = [ORDERS.a, ORDERS.b, ORDERS.c, ORDERS.d, ORDERS.e];
export const OPEN = ORDERS.c;

export const GUIDE: Guide = {
  id: 'g7',
  name: 'Sokha Chan',
  email: 'sokha@example.test',
  phone: '+855 12 345 678',
  languages: ['English', 'Khmer'],
  location: 'Siem Reap',
};

const flag = (id: string, teams: string[]): FeatureFlagRecord => ({
  id,
  name: id,
  description: id,
  teams,
  defaultState: false,
  lastChange: null,
});
/** What GET /api/features may answer for the team's country (KH). */
export const FLAGS = {
  allOn: [flag('EMAIL_SENDING_V1', ['KH', 'VN']), flag('INFO_SENDING_V1', ['KH', 'VN'])],
  // SPEC section 6 as shipped: e-mail sending on for Cambodia, information only for Vietnam and Thailand
  emailOnly: [flag('EMAIL_SENDING_V1', ['KH', 'VN']), flag('INFO_SENDING_V1', ['VN', 'TH'])],
  // information alone does not make e-mail sending possible
  emailOff: [flag('EMAIL_SENDING_V1', ['VN']), flag('INFO_SENDING_V1', ['KH'])],
} satisfies Record<string, FeatureFlagRecord[]>;

const REFUSAL = { reason: 'ALREADY_QUEUED', message: 'The same e-mail is queued and not sent yet' } as const;

/** The server's answer to a request: every order queued, or the last one refused and the rest queued. */
export function answerTo(kind: EmailKind, orderIds: string[], outcome: 'all' | 'partly'): EmailSendResult {
  const refusedIds = outcome === 'partly' ? orderIds.slice(-1) : [];
  return {
    emailType: kind,
    queued: orderIds
      .filter((id) => !refusedIds.includes(id))
      .map((id) => ({ orderId: id, displayId: `KH-${id}`, messageId: `m-${id}` })),
    refused: refusedIds.map((id) => ({ orderId: id, displayId: `KH-${id}`, ...REFUSAL })),
  };
}

/**
 * The e-mail machine under a stand-in screen, with flag reads and sends that wait until the test
 * settles them, and a guide search that finds GUIDE at once: what it requests, reports, toasts
 * and logs is recorded.
 */
export function emailHarness() {
  const services = deferredServices();
  /** Each guide search, as `teamId: query`. */
  const searches: string[] = [];
  const guides = guideSearchMachine.provide({
    actors: {
      searchGuides: fromPromise<Guide[], GuideQuery>(async ({ input }) => {
        searches.push(`${input.teamId}: ${input.query}`);
        return [GUIDE];
      }),
    },
  });
  /** Each preview the dialog asked the server for. */
  const previews: PreviewRequest[] = [];
  const preview = emailPreviewMachine.provide({
    actors: {
      previewEmail: fromPromise<EmailPreview, PreviewRequest>(async ({ input }) => {
        previews.push(input);
        return previewOf(input);
      }),
    },
  });
  const logic = emailSendMachine.provide({
    actors: { getFeatures: services.logic(), sendEmails: services.logic(), guides, preview },
  });
  const screen = underParent(logic, INPUT);
  const notices: NotifyEvent[] = [];
  screen.child.on('notify', (notice) => notices.push(notice));
  const requests = () => services.calls.filter((c) => c.id === 'sendEmails').map((c) => c.input as EmailRequest);
  const flagReads = () => services.calls.filter((c) => c.id === 'getFeatures').length;
  async function settle(id: 'flags' | 'getFeatures' | 'sendEmails', outcome: { output: unknown } | { error: unknown }) {
    services.settle(id, outcome);
    await flush();
    // the queued e-mails are reported in a task of their own (a 0 ms delay)
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return {
    ...screen,
    email: screen.child,
    notices,
    searches,
    previews,
    requests,
    flagReads,
    settle,
    running: services.running,
  };
}

/** The server's preview of a request: its order and details, in words a test can find. */
export function previewOf(input: PreviewRequest): EmailPreview {
  return {
    orderId: input.orderId,
    displayId: `KH-${input.orderId}`,
    to: { name: `Guest ${input.orderId}`, email: `${input.orderId}@example.test` },
    subject: `${input.type} for KH-${input.orderId}`,
    text: JSON.stringify({ info: input.info, cancel: input.cancel }),
    refused: null,
  };
}

/** Lets settled promises and the actors' reactions to them run (sooner than a timer). */
export const flush = () => new Promise((resolve) => setImmediate(resolve));

export function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}
