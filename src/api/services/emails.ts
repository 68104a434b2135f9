import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { orThrow } from './policy';

/** Customer e-mails (SPEC sections 4, 7 and 8): queued by the server, delivered by its worker. */
export type EmailType = components['schemas']['EmailType'];
export type EmailSendResult = components['schemas']['EmailSendResult'];
export type Guide = components['schemas']['Guide'];

export interface EmailRequest {
  type: EmailType;
  orderIds: string[];
  sendAgain: boolean;
  info?: { message?: string; meetingPoint?: string; meetingTime?: string; guideId?: string };
  cancel?: { reason?: string };
  /** The same key for a repeat of the same request (double click, retry after a lost answer). */
  idempotencyKey: string;
}

/** A send failure is logged and re-thrown (SPEC section 8): the machine opens the mail error alert. */
export const sendEmails = fromPromise<EmailSendResult, EmailRequest>(({ input, signal }) =>
  orThrow('sendOrderEmail', () =>
    api.POST('/api/v1/orders/email/{emailType}', {
      params: { path: { emailType: input.type }, header: { 'Idempotency-Key': input.idempotencyKey } },
      body: {
        orderIds: input.orderIds,
        sendAgain: input.sendAgain,
        ...(input.info ? { info: input.info } : {}),
        ...(input.cancel ? { cancel: input.cancel } : {}),
      },
      signal,
    }),
  ),
);

export type EmailPreview = components['schemas']['EmailPreview'];

/** What a preview renders: the send's details for one order (no key: nothing is queued). */
export interface PreviewRequest {
  type: EmailType;
  orderId: string;
  sendAgain: boolean;
  info?: EmailRequest['info'];
  cancel?: EmailRequest['cancel'];
}

/** One order's message as the server would send it, or why it would be left out; a failure is re-thrown. */
export const previewEmail = fromPromise<EmailPreview, PreviewRequest>(({ input, signal }) =>
  orThrow('previewOrderEmail', () =>
    api.POST('/api/v1/orders/email/{emailType}/preview', {
      params: { path: { emailType: input.type } },
      body: {
        orderId: input.orderId,
        sendAgain: input.sendAgain,
        ...(input.info ? { info: input.info } : {}),
        ...(input.cancel ? { cancel: input.cancel } : {}),
      },
      signal,
    }),
  ),
);

export interface GuideQuery {
  /** The team whose directory is searched: guides are a team's own contacts. */
  teamId: string;
  query: string;
  num?: number;
  /** The tour's place: guides located there come first. */
  near?: string | null;
}

/** The team's guides matching what was typed (SPEC section 9: 10 by default); a failure is logged and re-thrown. */
export const searchGuides = fromPromise<Guide[], GuideQuery>(async ({ input, signal }) => {
  const data = await orThrow('searchGuides', () =>
    api.GET('/api/v1/guides/search', {
      params: {
        query: {
          teamId: input.teamId,
          searchTerms: input.query,
          num: input.num ?? 10,
          ...(input.near ? { near: input.near } : {}),
        },
      },
      signal,
    }),
  );
  return data.guides;
});

export type EmailMessage = components['schemas']['EmailMessage'];

/** The messages of one order, newest first, with their delivery state; a failure is logged and re-thrown. */
export const listOrderEmails = fromPromise<EmailMessage[], { orderId: string }>(async ({ input, signal }) => {
  const data = await orThrow('listOrderEmails', () =>
    api.GET('/api/v1/orders/{id}/emails', { params: { path: { id: input.orderId } }, signal }),
  );
  return data.emails;
});
