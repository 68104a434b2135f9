import { TOUR_VIEWS } from '../../domain/statuses';
import { WorkspacePage } from '../workspace/workspace';

/** `/tours` and its views: the tours workspace. */
export function ToursPage() {
  return <WorkspacePage kind="tours" views={TOUR_VIEWS} />;
}
