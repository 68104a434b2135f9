import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Page } from '../../src/api/services/policy';
import type { Product } from '../../src/api/services/products';
import { MORE_FAILED, PRODUCTS_FAILED, productListMachine } from '../../src/machines/product-list/product-list.machine';

const product = (id: string): Product => ({ id, name: `Product ${id}`, route: 'Route', pack: null });

/** A list whose pages answer from a script, one entry per request (a page, or an Error to fail). */
function start(script: Array<Page<Product> | Error>) {
  const cursors: Array<string | null> = [];
  const loadPage = fromPromise<Page<Product>, { teamId: string; cursor: string | null }>(async ({ input }) => {
    cursors.push(input.cursor);
    const next = script.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no more pages scripted');
    return next;
  });
  const actor = createActor(productListMachine.provide({ actors: { loadPage } }), { input: { teamId: 't1' } }).start();
  return { actor, cursors };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.restoreAllMocks());

describe('product list', () => {
  it('loads page 1, then the next page on "Load more" until there is no more', async () => {
    const { actor, cursors } = start([
      { items: [product('a'), product('b')], hasMore: true, nextCursor: 'c1' },
      { items: [product('c')], hasMore: false, nextCursor: null },
    ]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().context.products.map((p) => p.id)).toEqual(['a', 'b']);
    expect(actor.getSnapshot().can({ type: 'products.more' })).toBe(true);
    actor.send({ type: 'products.more' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    await flush();
    expect(actor.getSnapshot().context.products.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().can({ type: 'products.more' })).toBe(false);
    expect(cursors).toEqual([null, 'c1']);
  });

  it('a failed first page is an empty list with the failure, and Retry loads it again', async () => {
    const { actor, cursors } = start([new Error('down'), { items: [product('a')], hasMore: false, nextCursor: null }]);
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ products: [], hasMore: false, error: PRODUCTS_FAILED });
    actor.send({ type: 'products.retry' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ products: [product('a')], error: null });
    expect(cursors).toEqual([null, null]);
  });

  it('a failed next page keeps what is loaded, and "Load more" asks for that page again', async () => {
    const { actor, cursors } = start([
      { items: [product('a')], hasMore: true, nextCursor: 'c1' },
      new Error('down'),
      { items: [product('b')], hasMore: false, nextCursor: null },
    ]);
    await flush();
    actor.send({ type: 'products.more' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ products: [product('a')], error: MORE_FAILED, hasMore: true });
    actor.send({ type: 'products.more' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ products: [product('a'), product('b')], error: null });
    expect(cursors).toEqual([null, 'c1', 'c1']);
  });
});
