import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWith, json, requests, resetClient } from './fake-client';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';

/** The services go through the one client; here it answers as each test says and records the requests. */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { getMailContent, listProductsPage, previewMailContent, saveMailContent } =
  await import('../../src/api/services/products');

const run = <T>(logic: Parameters<typeof createActor>[0], input: T) => toPromise(createActor(logic, { input }).start());
const DRAFT = { teamId: 't1', productId: 'p1', ota: 'KKDAY' as const, subject: 'Hi {{ nope }}', body: 'Body' };
const INVALID = {
  error: 'INVALID_TEMPLATE',
  message: 'The subject names an unknown variable nope (line 1, column 4)',
  field: 'subject',
  variable: 'nope',
  line: 1,
  column: 4,
};

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('products services', () => {
  it('pages the products with the cursor', async () => {
    answerWith(() =>
      json(200, { products: [{ id: 'p1', name: 'A', route: 'R', pack: null }], hasMore: true, nextCursor: 'c2' }),
    );
    await expect(run(listProductsPage, { teamId: 't1', cursor: 'c1' })).resolves.toEqual({
      items: [{ id: 'p1', name: 'A', route: 'R', pack: null }],
      hasMore: true,
      nextCursor: 'c2',
    });
    const url = new URL(requests[0].url);
    expect(url.pathname).toBe('/api/v1/products');
    expect(Object.fromEntries(url.searchParams)).toEqual({ teamId: 't1', limit: '50', cursor: 'c1' });
  });

  it('a failed page throws (the screen shows it with Retry)', async () => {
    answerWith(() => json(500, { error: 'INTERNAL', message: 'boom' }));
    await expect(run(listProductsPage, { teamId: 't1', cursor: null })).rejects.toBeInstanceOf(ApiError);
  });

  it('reads the template of one OTA', async () => {
    const content = { ota: 'KKDAY', productId: 'p1', subject: 'S', body: 'B', custom: false };
    answerWith(() => json(200, content));
    await expect(run(getMailContent, { teamId: 't1', productId: 'p1', ota: 'KKDAY' })).resolves.toEqual(content);
    const url = new URL(requests[0].url);
    expect(url.pathname).toBe('/api/v1/products/ota/KKDAY/mailContent');
    expect(Object.fromEntries(url.searchParams)).toEqual({ teamId: 't1', productId: 'p1' });
  });

  it('saves with PATCH; a refused template is an answer naming the field, the variable and where', async () => {
    answerWith(() => json(400, INVALID));
    await expect(run(saveMailContent, DRAFT)).resolves.toEqual({
      refused: { field: 'subject', message: INVALID.message, variable: 'nope', line: 1, column: 4 },
    });
    expect(requests[0].method).toBe('PATCH');
    expect(new URL(requests[0].url).pathname).toBe('/api/v1/products/ota/KKDAY/mailContent');
    await expect(requests[0].json()).resolves.toEqual({
      teamId: 't1',
      productId: 'p1',
      subject: 'Hi {{ nope }}',
      body: 'Body',
    });
    const saved = { ota: 'KKDAY', productId: 'p1', subject: 'S', body: 'B', custom: true };
    answerWith(() => json(200, saved));
    await expect(run(saveMailContent, DRAFT)).resolves.toEqual({ saved });
  });

  it('any other failure of a save throws', async () => {
    answerWith(() =>
      json(400, { error: 'BAD_REQUEST', message: 'body/subject must NOT have more than 300 characters' }),
    );
    await expect(run(saveMailContent, DRAFT)).rejects.toMatchObject({ status: 400, error: 'BAD_REQUEST' });
    answerWith(() => json(403, { error: 'FORBIDDEN', message: 'no' }));
    await expect(run(saveMailContent, DRAFT)).rejects.toMatchObject({ status: 403 });
  });

  it('previews with POST; 404 says there is no order to render with, 400 names the field', async () => {
    const preview = { order: { id: 'o1', displayId: 'KH-1' }, to: 'a@b.c', subject: 'S', text: 'T', html: '<p>T</p>' };
    answerWith(() => json(200, preview));
    await expect(run(previewMailContent, DRAFT)).resolves.toEqual({ preview });
    expect(requests[0].method).toBe('POST');
    expect(new URL(requests[0].url).pathname).toBe('/api/v1/products/ota/KKDAY/mailContent/preview');
    await expect(requests[0].json()).resolves.toEqual({
      teamId: 't1',
      productId: 'p1',
      subject: 'Hi {{ nope }}',
      body: 'Body',
    });
    answerWith(() => json(404, { error: 'NOT_FOUND', message: 'KKday order of product p1 to preview with not found' }));
    await expect(run(previewMailContent, DRAFT)).resolves.toEqual({ noOrder: true });
    answerWith(() => json(400, INVALID));
    await expect(run(previewMailContent, DRAFT)).resolves.toMatchObject({ refused: { field: 'subject', line: 1 } });
    answerWith(() => json(502, { error: 'BAD_GATEWAY', message: 'down' }));
    await expect(run(previewMailContent, DRAFT)).rejects.toMatchObject({ status: 502 });
  });
});
