import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { orRefusal, orThrow, type Page } from './policy';

/** Products and their mail content per OTA: the list, the variables, the template, its preview. */
export type Product = components['schemas']['Product'];
export type MailContent = components['schemas']['MailContent'];
export type MailVariable = components['schemas']['MailVariable'];
export type MailPreview = components['schemas']['MailPreview'];
export type EmailType = components['schemas']['EmailType'];
type Ota = components['schemas']['Ota'];
type ErrorBody = components['schemas']['Error'];

/** The server's 400 INVALID_TEMPLATE: the field at fault, the unknown variable and where. */
export interface TemplateFault {
  field: 'subject' | 'body';
  message: string;
  variable: string | null;
  line: number | null;
  column: number | null;
}

export interface MailVariables {
  variables: MailVariable[];
  /** The e-mail type a product's mail content is the template of: the variables it may name. */
  productContentType: EmailType;
}

export interface ContentKey {
  teamId: string;
  productId: string;
  ota: Ota;
}

export interface DraftInput extends ContentKey {
  subject: string;
  body: string;
}

/** Contract default: a product list is short, and "Load more" asks for the rest. */
export const PRODUCTS_PAGE_SIZE = 50;

const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof body === 'object' && body !== null && typeof (body as ErrorBody).error === 'string';

function templateFault(status: number, body: unknown): TemplateFault | null {
  if (status !== 400 || !isErrorBody(body) || body.error !== 'INVALID_TEMPLATE' || !body.field) return null;
  return {
    field: body.field,
    message: body.message,
    variable: body.variable ?? null,
    line: body.line ?? null,
    column: body.column ?? null,
  };
}

/**
 * A page of products. It throws, so the screen can offer Retry; the screen shows the failure as
 * SPEC section 8's empty list (no products, no more pages) with the error beside it.
 */
export const listProductsPage = fromPromise<Page<Product>, { teamId: string; cursor: string | null }>(
  async ({ input, signal }) => {
    const data = await orThrow('listProducts', () =>
      api.GET('/api/v1/products', {
        params: {
          query: {
            teamId: input.teamId,
            limit: PRODUCTS_PAGE_SIZE,
            ...(input.cursor ? { cursor: input.cursor } : {}),
          },
        },
        signal,
      }),
    );
    return { items: data.products, hasMore: data.hasMore, nextCursor: data.nextCursor };
  },
);

export const listMailVariables = fromPromise<MailVariables, void>(({ signal }) =>
  orThrow('listMailVariables', () => api.GET('/api/v1/products/mailVariables', { signal })),
);

/** The template in use for the OTA (the built-in one, `custom: false`, when the product has none). */
export const getMailContent = fromPromise<MailContent, ContentKey>(({ input, signal }) =>
  orThrow('getMailContent', () =>
    api.GET('/api/v1/products/ota/{ota}/mailContent', {
      params: { path: { ota: input.ota }, query: { teamId: input.teamId, productId: input.productId } },
      signal,
    }),
  ),
);

export type SaveAnswer = { saved: MailContent } | { refused: TemplateFault };

/** Saves the draft (empty subject and body: back to the built-in template); a template the server
 *  refuses is an answer, with nothing saved. */
export const saveMailContent = fromPromise<SaveAnswer, DraftInput>(async ({ input, signal }) => {
  const { ota, ...body } = input;
  const result = await orRefusal(
    'updateMailContent',
    () => api.PATCH('/api/v1/products/ota/{ota}/mailContent', { params: { path: { ota } }, body, signal }),
    templateFault,
  );
  return result.ok ? { saved: result.data } : { refused: result.refusal };
});

export type PreviewAnswer = { preview: MailPreview } | { refused: TemplateFault } | { noOrder: true };

/** The draft rendered by the server for a real order of the product from the OTA, as it would be sent. */
export const previewMailContent = fromPromise<PreviewAnswer, DraftInput>(async ({ input, signal }) => {
  const { ota, ...body } = input;
  const result = await orRefusal(
    'previewMailContent',
    () => api.POST('/api/v1/products/ota/{ota}/mailContent/preview', { params: { path: { ota } }, body, signal }),
    (status, error): Exclude<PreviewAnswer, { preview: MailPreview }> | null => {
      // the product exists (it is listed): a 404 says it has no order from this OTA yet
      if (status === 404) return { noOrder: true };
      const fault = templateFault(status, error);
      return fault && { refused: fault };
    },
  );
  return result.ok ? { preview: result.data } : result.refusal;
});
