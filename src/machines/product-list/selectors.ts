import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { productListMachine } from './product-list.machine';

/** Narrow reads of the product list for its view (use with `useSelector`). */
export type ProductListActorRef = ActorRefFrom<typeof productListMachine>;
type Snapshot = SnapshotFrom<typeof productListMachine>;

export const selectProducts = (s: Snapshot) => s.context.products;
export const selectListView = (s: Snapshot) =>
  s.matches('failed') ? 'failed' : s.hasTag('loading') ? 'loading' : 'ready';
export const selectListError = (s: Snapshot) => s.context.error;
export const selectCanLoadMore = (s: Snapshot) => s.can({ type: 'products.more' });
export const selectLoadingMore = (s: Snapshot) => s.hasTag('loadingMore');
