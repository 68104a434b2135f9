import { ORDER_VIEWS } from '../../domain/statuses';
import { WorkspacePage } from '../workspace/workspace';

/** `/orders` and its views: the orders workspace. */
export function OrdersPage() {
  return <WorkspacePage kind="orders" views={ORDER_VIEWS} />;
}
