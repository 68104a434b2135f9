import { Text } from '@chakra-ui/react';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { MarketingHomeScreen } from '../marketing/marketing-home';
import { PageHeading } from './page-heading';

/** `/marketing`: what is live now, the ads by tag and the groups, each a link into its screen. */
export function MarketingPage() {
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {/* another team is another screen */}
      {team ? (
        <MarketingHomeScreen key={`${team.id} ${team.role}`} teamId={team.id} role={team.role} />
      ) : (
        <Text color="fg.muted">Choose a team first.</Text>
      )}
    </>
  );
}
