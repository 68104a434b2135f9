import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { FeatureToggleScreen } from '../feature-toggle/feature-toggle-screen';
import { PageHeading } from './page-heading';

/** `/setting/feature-toggle` (platform admins only, by the check-admin guard): the feature flags. */
export function FeatureTogglePage() {
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {/* dates of the changes in the selected team's timezone, like every date of the app */}
      <FeatureToggleScreen timezone={team?.timezone || 'UTC'} />
    </>
  );
}
