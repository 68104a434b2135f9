import { assign, setup } from 'xstate';
import type { Page } from '../../api/services/policy';
import { listProductsPage, type Product } from '../../api/services/products';

/**
 * A team's products: page 1, then the next page on "Load more". A failed first page shows as SPEC
 * section 8's empty list, with the failure and Retry instead of "No products"; a failed next page
 * keeps what is loaded and its cursor, so "Load more" tries that page again.
 */
export interface ProductListContext {
  teamId: string;
  products: Product[];
  hasMore: boolean;
  nextCursor: string | null;
  error: string | null;
}

export type ProductListEvent = { type: 'products.more' } | { type: 'products.retry' };

export const PRODUCTS_FAILED = 'The products could not be loaded.';
export const MORE_FAILED = 'More products could not be loaded.';

export const productListMachine = setup({
  types: {
    input: {} as { teamId: string },
    context: {} as ProductListContext,
    events: {} as ProductListEvent,
    tags: {} as 'loading' | 'loadingMore',
  },
  actors: { loadPage: listProductsPage },
  guards: {
    hasMore: ({ context }) => context.hasMore && context.nextCursor !== null,
  },
  actions: {
    setFirstPage: assign((_, page: Page<Product>) => ({
      products: page.items,
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
      error: null,
    })),
    appendPage: assign(({ context }, page: Page<Product>) => ({
      products: [...context.products, ...page.items],
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
      error: null,
    })),
    failFirstPage: assign({ products: [], hasMore: false, nextCursor: null, error: PRODUCTS_FAILED }),
    failNextPage: assign({ error: MORE_FAILED }),
  },
}).createMachine({
  id: 'productList',
  context: ({ input }) => ({ teamId: input.teamId, products: [], hasMore: false, nextCursor: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFirstPage',
        src: 'loadPage',
        input: ({ context }) => ({ teamId: context.teamId, cursor: null }),
        onDone: { target: 'ready', actions: { type: 'setFirstPage', params: ({ event }) => event.output } },
        // the service has logged it
        onError: { target: 'failed', actions: 'failFirstPage' },
      },
    },
    failed: { on: { 'products.retry': 'loading' } },
    ready: { on: { 'products.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      tags: ['loadingMore'],
      invoke: {
        id: 'loadNextPage',
        src: 'loadPage',
        input: ({ context }) => ({ teamId: context.teamId, cursor: context.nextCursor }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'failNextPage' },
      },
    },
  },
});
