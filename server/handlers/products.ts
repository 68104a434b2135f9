import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import * as products from '../repo/products';

export const listProducts: OperationHandler<'listProducts'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const page = await products.listProducts(db, team.teamId, query);
  return { products: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
};
