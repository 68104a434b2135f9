import { Text } from '@chakra-ui/react';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { InterstitialScreen } from '../marketing/interstitial-screen';
import { PageHeading } from './page-heading';

/** `/marketing/interstitial`: which ads customers see over the page, in which order, how often, and the preview. */
export function InterstitialPage() {
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {/* another team is another screen */}
      {team ? (
        <InterstitialScreen key={`${team.id} ${team.role}`} teamId={team.id} role={team.role} />
      ) : (
        <Text color="fg.muted">Choose a team first.</Text>
      )}
    </>
  );
}
