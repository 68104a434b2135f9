import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { productsMachine } from './products.machine';

/** Narrow reads of the products screen for its views (use with `useSelector`). */
export type ProductsActorRef = ActorRefFrom<typeof productsMachine>;
export type ProductsSnapshot = SnapshotFrom<typeof productsMachine>;

export const selectProductList = (s: ProductsSnapshot) => s.children.productList;
export const selectMailContent = (s: ProductsSnapshot) => s.children.mailContent;
export const selectSchedule = (s: ProductsSnapshot) => s.children.productSchedule;
export const selectSection = (s: ProductsSnapshot) => s.context.section;
export const selectChosenId = (s: ProductsSnapshot) => s.context.chosen?.id ?? null;
export const selectChosenName = (s: ProductsSnapshot) => s.context.chosen?.name ?? '';
export const selectPendingName = (s: ProductsSnapshot) => s.context.pending?.name ?? null;
export const selectVariables = (s: ProductsSnapshot) => s.context.variables;
export const selectVariablesView = (s: ProductsSnapshot) =>
  s.matches({ variables: 'failed' }) ? 'failed' : s.hasTag('variablesLoading') ? 'loading' : 'ready';
export const selectConfirmingSwitch = (s: ProductsSnapshot) => s.matches({ editor: { open: 'confirmingSwitch' } });
export const selectLeaveGuard = (s: ProductsSnapshot) => s.children.leaveGuard;
